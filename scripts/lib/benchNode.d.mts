/** Types of benchNode.mjs (a plain Node module: the bench scripts run it without a build). */
export declare function benchNode(log: (line: string) => void, choice?: string): string
export declare function nodeVersion(binary: string): string
