import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher.js';
import { PinHasher } from './pin-hasher.js';

@Module({ providers: [PasswordHasher, PinHasher], exports: [PasswordHasher, PinHasher] })
export class AuthModule {}
