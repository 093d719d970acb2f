import { describe, expect, it } from '@jest/globals';
import { Controller, Get, Post } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { NotInLinkSession, Public, SignedIn } from './access.js';
import { MissingAccessRuleError, RouteCatalog } from './route-catalog.js';

@Controller('things')
class ThingsController {
  @Get()
  @Public()
  list() {}

  @Post('create')
  @SignedIn()
  create() {}

  @Post('forgotten')
  forgotten() {}
}

@Controller('ruled')
@SignedIn()
class RuledController {
  @Post('inherits')
  inherits() {}

  @Post('guarded')
  @NotInLinkSession()
  guarded() {}
}

async function catalogOf(...controllers: (new () => unknown)[]) {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    controllers,
    providers: [RouteCatalog],
  }).compile();
  return moduleRef;
}

describe('RouteCatalog', () => {
  it('refuses to start with a route that declares no access rule, naming it', async () => {
    const moduleRef = await catalogOf(ThingsController);
    await expect(moduleRef.init()).rejects.toThrow(MissingAccessRuleError);
    await expect(moduleRef.init()).rejects.toThrow(
      'POST /api/things/forgotten (ThingsController.forgotten)',
    );
  });

  it('lists each route with its method, prefixed path, rule and link-session refusal, a class rule counting for its methods', async () => {
    const moduleRef = await catalogOf(RuledController);
    await moduleRef.init();
    expect(moduleRef.get(RouteCatalog).routes()).toEqual([
      {
        method: 'POST',
        path: '/api/ruled/inherits',
        rule: { type: 'signed-in' },
        refusedInLinkSession: false,
        handler: 'RuledController.inherits',
      },
      {
        method: 'POST',
        path: '/api/ruled/guarded',
        rule: { type: 'signed-in' },
        refusedInLinkSession: true,
        handler: 'RuledController.guarded',
      },
    ]);
  });
});
