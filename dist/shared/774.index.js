export const id = 774;
export const ids = [774];
export const modules = {

/***/ 75774:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   main: () => (/* binding */ main)
/* harmony export */ });
/* harmony import */ var _github_action_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77773);

/**
 * The entry of actions/targets (dist/targets/index.js). Its code (globbing, the HCL parser) is a
 * chunk of the bundle loaded here only: the other actions do not pay for it at start.
 */
const main = () => (0,_github_action_run_js__WEBPACK_IMPORTED_MODULE_0__/* .runAction */ .Cs)('cluster-deploy targets', async () => (await Promise.all(/* import() */[__webpack_require__.e(857), __webpack_require__.e(815), __webpack_require__.e(970), __webpack_require__.e(993), __webpack_require__.e(277), __webpack_require__.e(43), __webpack_require__.e(564)]).then(__webpack_require__.bind(__webpack_require__, 97564))).run(), { secretInputs: ['github-token'] });


/***/ })

};
