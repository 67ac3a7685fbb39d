export const id = 946;
export const ids = [946];
export const modules = {

/***/ 8946:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderedMachineCount: () => (/* binding */ renderedMachineCount)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1849);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);



/**
 * The machines the rendered manifests ask for: the KubeadmControlPlane's replicas plus every MachineDeployment's.
 * The template decides, not the config's counts: CAPO's without-lb template pins one control plane machine whatever
 * CONTROL_PLANE_MACHINE_COUNT says (CAPO v0.14.7 `templates/cluster-template-without-lb.yaml`). Undefined when the
 * manifests are not there (yet) or say nothing countable.
 */
function renderedMachineCount(file) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file))
        return undefined;
    let total = 0;
    let found = false;
    for (const { value } of (0,_manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .manifestDocuments */ .Ee)((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(file, _manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .MANIFESTS_FILE */ .aK), file)) {
        const object = value;
        if (object?.kind !== 'KubeadmControlPlane' && object?.kind !== 'MachineDeployment')
            continue;
        const replicas = object.spec?.replicas;
        // CAPI's defaults when a template leaves replicas out: 1 for both (KCP and MachineDeployment webhooks).
        total += typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0 ? replicas : 1;
        found = true;
    }
    return found ? total : undefined;
}


/***/ })

};
