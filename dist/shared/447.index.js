export const id = 447;
export const ids = [447];
export const modules = {

/***/ 24447:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   stepAction: () => (/* binding */ stepAction)
/* harmony export */ });
/* harmony import */ var _github_action_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77773);
/* harmony import */ var _github_inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96174);
/* harmony import */ var _deploy_run_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(81270);



/**
 * The per-step actions, one row each: actions/<name> runs only these steps of the deploy pipeline, with
 * the deploy action's inputs and state (dist/<name>/index.js).
 */
const STEP_ACTIONS = {
    /**
     * OpenTofu init, plan, the quota check (openstack-capacity) and the apply of exactly that plan — or, with mode: plan, the dry run's reviewed
     * plan. kubespray-remove-nodes is not among them, so the engine refuses an apply whose plan deletes
     * nodes (they would be left NotReady in the cluster, maybe with etcd broken): the root action drains
     * and removes them first.
     */
    tofu: ['opentofu-init', 'opentofu-plan', 'openstack-capacity', 'opentofu-apply'],
    /** The Kubespray venv, its requirements and the playbook. */
    kubespray: ['kubespray-fetch', 'kubespray-venv-create', 'kubespray-pip-install', 'kubespray-ansible-playbook'],
    /** The OpenStack preflight (credentials, Keystone, required services). */
    preflight: ['openstack-preflight'],
    /** The kubeconfig pointed at the API VIP, written 0600. */
    'normalize-kubeconfig': ['openstack-normalize-kubeconfig'],
    /** The readiness gate: /readyz and the expected Ready nodes. */
    'wait-ready': ['wait-ready'],
};
/** The entry of one per-step action. */
function stepAction(name) {
    return () => (0,_github_action_run_js__WEBPACK_IMPORTED_MODULE_0__/* .runAction */ .Cs)(`cluster-deploy ${name}`, (action) => (0,_deploy_run_js__WEBPACK_IMPORTED_MODULE_2__/* .run */ .e)(action, { only: STEP_ACTIONS[name] }), {
        reportsResult: true,
        secretInputs: _github_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .SECRET_INPUTS */ .pH,
    });
}


/***/ })

};
