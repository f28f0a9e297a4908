/**
 * The public site's content: home page, banners, uploads and images, SEO files.
 * Other modules use this module only through this file (lint: salon/cms-modules).
 */
export * from './collections/Banner'
export * from './collections/Upload'
export * from './endpoints/pages'
export * from './homeHtml'
export * from './images'
export * from './seo'
export * from './homeDirtyHook'
