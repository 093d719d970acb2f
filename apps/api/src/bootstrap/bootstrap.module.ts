import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { SeedService } from './seed.service.js';

@Module({ imports: [UsersModule, AuthModule], providers: [SeedService], exports: [SeedService] })
export class BootstrapModule {}
