import type { DeploySettings } from '../settings.js';
import { KubesprayPipStep, KubesprayPlaybookStep, KubesprayVenvStep } from './kubespray.js';
import { NormalizeKubeconfigStep } from './normalize-kubeconfig.js';
import { OpenTofuApplyStep, OpenTofuInitStep } from './opentofu.js';
import { PreflightStep, type AuthChecker } from './preflight.js';
import type { Step } from './step.js';
import { WaitReadyStep } from './wait-ready.js';
import { deployEnvironment } from './environment.js';

/** The OpenStack pipeline in order; the Kubespray steps only for `deployment.method: kubespray`. */
export function buildSteps(settings: DeploySettings, authChecker?: AuthChecker): Step[] {
  return [
    new PreflightStep(settings, authChecker),
    new OpenTofuInitStep(settings),
    new OpenTofuApplyStep(settings),
    ...(settings.kubespray ? [new KubesprayVenvStep(settings), new KubesprayPipStep(settings), new KubesprayPlaybookStep(settings)] : []),
    new NormalizeKubeconfigStep(settings.clusterDir, settings.kubeconfigPath, settings.vip),
    new WaitReadyStep(settings.kubeconfigPath, settings.kubectl, settings.clusterDir, deployEnvironment(settings), settings.waitReady),
  ];
}

export type { Step, StepId, StepKind, StepPlan, StepContext } from './step.js';
export type { AuthChecker } from './preflight.js';
