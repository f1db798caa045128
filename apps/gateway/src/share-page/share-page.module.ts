import { Module } from '@nestjs/common';
import { SharePageController } from './share-page.controller';
import { ShareSource } from './share-source';
import { SpaIndex } from './spa-index';

/** Link previews and crawler files on the app's origin: /view/{id}, /robots.txt, /sitemap.xml. */
@Module({ controllers: [SharePageController], providers: [SpaIndex, ShareSource] })
export class SharePageModule {}
