import { Global, Module } from '@nestjs/common';
import { DownstreamClient } from './downstream.client';

@Global()
@Module({ providers: [DownstreamClient], exports: [DownstreamClient] })
export class ProxyModule {}
