/** The prerendered public pages, resized images and SEO files the server answers without Next (see platform/edge.ts). */
export * from './homeHtml'
export { TIMES_TTL_MS, type AvailabilityRead } from './reserveHtml'
export * from './images'
export * from './seo'
