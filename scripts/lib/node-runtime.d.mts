/** Types of node-runtime.mjs (a plain Node module: the scripts run it without a build). */
export declare function nodeBinary(major: number, dir: string, log?: (line: string) => void): string
export declare function productionNodeMajor(dockerfile: string): number
