export const id = 25;
export const ids = [25];
export const modules = {

/***/ 83787:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   main: () => (/* binding */ main)
/* harmony export */ });
/* harmony import */ var _github_action_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77773);
/* harmony import */ var _github_inputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96174);
/* harmony import */ var _github_state_stores_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8913);
/* harmony import */ var _run_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(81270);




/**
 * The entry of the root action (dist/deploy/index.js), main and post step alike (actions/checkout's
 * pattern): the main step leaves a mark in the action's state, the post step finds it.
 */
const main = () => _github_state_stores_js__WEBPACK_IMPORTED_MODULE_2__/* .deployPostState */ .Z6.isPost()
    ? (0,_run_js__WEBPACK_IMPORTED_MODULE_3__/* .post */ .b)()
    : (0,_github_action_run_js__WEBPACK_IMPORTED_MODULE_0__/* .runAction */ .Cs)('cluster-deploy', _run_js__WEBPACK_IMPORTED_MODULE_3__/* .run */ .e, { reportsResult: true, secretInputs: _github_inputs_js__WEBPACK_IMPORTED_MODULE_1__/* .SECRET_INPUTS */ .pH });


/***/ })

};
