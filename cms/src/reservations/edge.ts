/** The availability reads the server answers without Next (see platform/edge.ts). */
export * from './endpoints/availability'
