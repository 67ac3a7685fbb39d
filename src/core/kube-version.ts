// TEMPORARY STUB: replaced by the nodes branch.
export interface KubeVersion { major: number; minor: number; patch: number; text: string }
export function parseKubeVersion(_value: string, _where: string): KubeVersion { throw new Error('stub'); }
export function compareVersions(_a: KubeVersion, _b: KubeVersion): number { throw new Error('stub'); }
export interface ClusterVersions { server: string; nodes: { name: string; kubelet: string; ready: boolean; controlPlane: boolean }[] }
export function planUpgrade(_target: KubeVersion, _current: ClusterVersions): { controlPlane: string[]; workers: string[]; done: string[] } { throw new Error('stub'); }
export function workerBatches(_workers: string[], _batchSize?: number): string[][] { throw new Error('stub'); }
export function clusterVersionsFromKubectl(_versionJson: string, _nodesJson: string): ClusterVersions { throw new Error('stub'); }
