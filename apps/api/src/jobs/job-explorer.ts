import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import {
  JOB_ENQUEUER,
  JOB_HANDLER,
  type JobDefinition,
  type JobHandler,
} from './job-definition.js';
import { JobRegistry, JobRegistryError } from './job-registry.js';

/** Fills the registry from `@HandlesJob` and `@EnqueuesJobs` providers, then seals it. */
@Injectable()
export class JobExplorer implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly registry: JobRegistry,
  ) {}

  onModuleInit(): void {
    const wrappers = [...this.discovery.getProviders(), ...this.discovery.getControllers()];
    for (const wrapper of wrappers) {
      const type = wrapper.metatype;
      if (typeof type !== 'function') continue;
      const owner = `${type.name} in ${wrapper.host?.name ?? 'an unknown module'}`;
      const handled = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, type);
      if (handled) this.registry.addHandler(handled, handlerOf(wrapper, owner), owner);
      const enqueued = this.reflector.get<JobDefinition<unknown>[] | undefined>(JOB_ENQUEUER, type);
      for (const definition of enqueued ?? []) this.registry.declareEnqueuer(definition, owner);
    }
    this.registry.seal();
  }
}

function handlerOf(wrapper: InstanceWrapper, owner: string): JobHandler<unknown> {
  // The worker holds one handler for its lifetime; a request-scoped one has no such instance.
  if (!wrapper.isDependencyTreeStatic() || wrapper.isTransient || !wrapper.instance) {
    throw new JobRegistryError(`Job handler ${owner} must be a singleton provider.`);
  }
  return wrapper.instance as JobHandler<unknown>;
}
