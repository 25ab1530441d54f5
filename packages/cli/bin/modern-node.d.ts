// Types for modern-node.js, which stays plain JavaScript so that an old Node can read it.
export function isModernNode(version?: string): boolean;
export function runOnModernNode(script: string, args: readonly string[]): Promise<false>;
