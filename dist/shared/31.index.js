export const id = 31;
export const ids = [31];
export const modules = {

/***/ 35031:
/***/ ((module) => {

function webpackEmptyContext(req) {
	var e = new Error("Cannot find module '" + req + "'");
	e.code = 'MODULE_NOT_FOUND';
	throw e;
}
webpackEmptyContext.keys = () => ([]);
webpackEmptyContext.resolve = webpackEmptyContext;
webpackEmptyContext.id = 35031;
module.exports = webpackEmptyContext;

/***/ })

};
