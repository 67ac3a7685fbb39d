export const id = 609;
export const ids = [609];
export const modules = {

/***/ 65376:
/***/ (function(__unused_webpack_module, exports, __webpack_require__) {


// Copyright (c) HashiCorp, Inc
// SPDX-License-Identifier: MPL-2.0
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || function (mod) {
    if (mod && mod.__esModule) return mod;
    var result = {};
    if (mod != null) for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
    __setModuleDefault(result, mod);
    return result;
};
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getExpressionAst = exports.getReferencesInExpression = exports.convertFiles = exports.parse = void 0;
/// <reference lib="dom" />
// Inspired by
// https://github.com/ts-terraform/ts-terraform
// https://github.com/aaronpowell/webpack-golang-wasm-async-loader
const fs = __importStar(__webpack_require__(72136));
const path_1 = __webpack_require__(16928);
const deepmerge_1 = __webpack_require__(62851);
const zlib_1 = __webpack_require__(43106);
const references_1 = __webpack_require__(75587);
const util_1 = __webpack_require__(185);
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
const jsRoot = {};
function sleep() {
    return new Promise((resolve) => {
        setTimeout(resolve, 0);
    });
}
function goBridge(getBytes) {
    let ready = false;
    async function init() {
        // After: https://github.com/golang/go/commit/680caf15355057ca84857a2a291b6f5c44e73329
        // Go 1.19+ has a different entrypoint
        await Promise.resolve().then(() => __importStar(__webpack_require__(84093)));
        const go = new global.Go();
        const bytes = await getBytes;
        const result = await WebAssembly.instantiate(new Uint8Array(bytes), go.importObject);
        global.__parse_terraform_config_wasm__ = jsRoot;
        void go.run(result.instance);
        ready = true;
    }
    init().catch((error) => {
        throw error;
    });
    const proxy = new Proxy({}, {
        get: (_, key) => {
            return async (...args) => {
                while (!ready) {
                    await sleep();
                }
                if (!(key in jsRoot)) {
                    throw new Error(`There is nothing defined with the name "${key.toString()}"`);
                }
                if (typeof jsRoot[key] !== "function") {
                    return jsRoot[key];
                }
                return new Promise((resolve, reject) => {
                    const cb = (err, ...msg) => 
                    // eslint-disable-next-line @typescript-eslint/ban-ts-comment
                    // @ts-ignore
                    err ? reject(new Error(err)) : resolve(...msg);
                    const run = () => {
                        jsRoot[key].apply(undefined, [...args, cb]);
                    };
                    run();
                });
            };
        },
    });
    return proxy;
}
const loadWasm = async () => {
    return (0, zlib_1.gunzipSync)(await fs.readFile(new URL("hcl2json.wasm.gz", import.meta.url)));
};
const wasm = goBridge(loadWasm());
async function parse(filename, contents) {
    const res = await wasm.parse(filename, contents);
    return JSON.parse(res);
}
exports.parse = parse;
async function convertFiles(workingDirectory) {
    let tfFileContents = "";
    const tfJSONFileContents = [];
    for (const file of fs.readdirSync(workingDirectory)) {
        const filePath = (0, path_1.resolve)(workingDirectory, file);
        if (!fs.lstatSync(filePath).isDirectory()) {
            if (file.match(/\.tf$/)) {
                tfFileContents += fs.readFileSync(filePath, "utf-8");
                tfFileContents += "\n";
            }
            else if (file.match(/\.tf\.json$/)) {
                tfJSONFileContents.push(JSON.parse(fs.readFileSync(filePath, "utf-8")));
            }
        }
    }
    if (tfFileContents === "" && tfJSONFileContents.length === 0) {
        console.error(`No '.tf' or '.tf.json' files found in ${workingDirectory}`);
        return {};
    }
    return (0, deepmerge_1.deepMerge)(await parse("hcl2json.tf", tfFileContents), ...tfJSONFileContents);
}
exports.convertFiles = convertFiles;
/**
 * Parse a Terraform expression and return the AST. This function expects a string input, and will wrap the expression in quotes if it is not already quoted.
 * @param filename The filename to use for the expression. This is used for error reporting.
 * @param expression The expression to parse.
 * @returns An array of References found in the expression.
 */
async function getReferencesInExpression(filename, expression) {
    // We have to do this twice because of the problem with HEREDOCS
    // Our current hcl2json implementation removes HEREDOCS and replaces them
    // with a multi-line string, which is causing all kinds of problems
    let offset = 0;
    let quoteWrappedExpression = expression;
    if (!expression.startsWith('"')) {
        quoteWrappedExpression = `"${expression}"`;
        offset = 1;
    }
    const { wrap: wrappedExpression, wrapOffset: startOffset } = (0, util_1.wrapTerraformExpression)(`${quoteWrappedExpression}`);
    offset += startOffset;
    const ast = await getExpressionAst(filename, wrappedExpression);
    if (!ast) {
        return [];
    }
    const refs = (0, references_1.findAllReferencesInAst)(expression, ast);
    if (wrappedExpression === expression) {
        return refs;
    }
    return refs.map((ref) => {
        return {
            ...ref,
            startPosition: ref.startPosition - offset,
            endPosition: ref.endPosition - offset,
        };
    });
}
exports.getReferencesInExpression = getReferencesInExpression;
/**
 * Parse a Terraform expression and return the AST. The expression does not need to be a Terraform string.
 * @param filename The filename to use for the expression. This is used for error reporting.
 * @param expression The expression to parse.
 * @returns The AST for the expression.
 *
 *   The returned AST has the following structure:
 *   - type: The type of the node. This is a string.
 *   - range: This contains the start and end of the node in the expression.
 *   - children: This contains the children of the node. This is an array of nodes.
 *   - meta: This contains metadata about the node. This is an object, and varies depending on the type of the node.
 */
async function getExpressionAst(filename, expression) {
    const res = await wasm.getExpressionAst(filename, expression);
    const ast = JSON.parse(res);
    if (!ast) {
        return null;
    }
    return ast;
}
exports.getExpressionAst = getExpressionAst;
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoiYnJpZGdlLmpzIiwic291cmNlUm9vdCI6IiIsInNvdXJjZXMiOlsiLi4vc3JjL2JyaWRnZS50cyJdLCJuYW1lcyI6W10sIm1hcHBpbmdzIjoiO0FBQUEsK0JBQStCO0FBQy9CLG1DQUFtQzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7QUFFbkMsMkJBQTJCO0FBRTNCLGNBQWM7QUFDZCwrQ0FBK0M7QUFDL0Msa0VBQWtFO0FBRWxFLDZDQUErQjtBQUMvQiwrQkFBcUM7QUFDckMsMkNBQXdDO0FBQ3hDLCtCQUFrQztBQUNsQyw2Q0FBaUU7QUFFakUsaUNBQWlEO0FBUWpELHNFQUFzRTtBQUN0RSxNQUFNLE1BQU0sR0FBNkIsRUFBRSxDQUFDO0FBRTVDLFNBQVMsS0FBSztJQUNaLE9BQU8sSUFBSSxPQUFPLENBQUMsQ0FBQyxPQUFPLEVBQUUsRUFBRTtRQUM3QixVQUFVLENBQUMsT0FBTyxFQUFFLENBQUMsQ0FBQyxDQUFDO0lBQ3pCLENBQUMsQ0FBQyxDQUFDO0FBQ0wsQ0FBQztBQUVELFNBQVMsUUFBUSxDQUFDLFFBQXlCO0lBQ3pDLElBQUksS0FBSyxHQUFHLEtBQUssQ0FBQztJQUVsQixLQUFLLFVBQVUsSUFBSTtRQUNqQixzRkFBc0Y7UUFDdEYsc0NBQXNDO1FBQ3RDLHdEQUFhLDZCQUE2QixHQUFDLENBQUM7UUFDNUMsTUFBTSxFQUFFLEdBQUcsSUFBSyxNQUFjLENBQUMsRUFBRSxFQUFFLENBQUM7UUFDcEMsTUFBTSxLQUFLLEdBQUcsTUFBTSxRQUFRLENBQUM7UUFDN0IsTUFBTSxNQUFNLEdBQUcsTUFBTSxXQUFXLENBQUMsV0FBVyxDQUMxQyxJQUFJLFVBQVUsQ0FBQyxLQUFLLENBQUMsRUFDckIsRUFBRSxDQUFDLFlBQVksQ0FDaEIsQ0FBQztRQUNELE1BQWMsQ0FBQywrQkFBK0IsR0FBRyxNQUFNLENBQUM7UUFDekQsS0FBSyxFQUFFLENBQUMsR0FBRyxDQUFDLE1BQU0sQ0FBQyxRQUFRLENBQUMsQ0FBQztRQUM3QixLQUFLLEdBQUcsSUFBSSxDQUFDO0lBQ2YsQ0FBQztJQUVELElBQUksRUFBRSxDQUFDLEtBQUssQ0FBQyxDQUFDLEtBQUssRUFBRSxFQUFFO1FBQ3JCLE1BQU0sS0FBSyxDQUFDO0lBQ2QsQ0FBQyxDQUFDLENBQUM7SUFFSCxNQUFNLEtBQUssR0FBRyxJQUFJLEtBQUssQ0FBQyxFQUFjLEVBQUU7UUFDdEMsR0FBRyxFQUFFLENBQUMsQ0FBQyxFQUFFLEdBQVcsRUFBRSxFQUFFO1lBQ3RCLE9BQU8sS0FBSyxFQUFFLEdBQUcsSUFBZSxFQUFFLEVBQUU7Z0JBQ2xDLE9BQU8sQ0FBQyxLQUFLLEVBQUUsQ0FBQztvQkFDZCxNQUFNLEtBQUssRUFBRSxDQUFDO2dCQUNoQixDQUFDO2dCQUVELElBQUksQ0FBQyxDQUFDLEdBQUcsSUFBSSxNQUFNLENBQUMsRUFBRSxDQUFDO29CQUNyQixNQUFNLElBQUksS0FBSyxDQUNiLDJDQUEyQyxHQUFHLENBQUMsUUFBUSxFQUFFLEdBQUcsQ0FDN0QsQ0FBQztnQkFDSixDQUFDO2dCQUVELElBQUksT0FBTyxNQUFNLENBQUMsR0FBRyxDQUFDLEtBQUssVUFBVSxFQUFFLENBQUM7b0JBQ3RDLE9BQU8sTUFBTSxDQUFDLEdBQUcsQ0FBQyxDQUFDO2dCQUNyQixDQUFDO2dCQUVELE9BQU8sSUFBSSxPQUFPLENBQUMsQ0FBQyxPQUFPLEVBQUUsTUFBTSxFQUFFLEVBQUU7b0JBQ3JDLE1BQU0sRUFBRSxHQUFHLENBQUMsR0FBVyxFQUFFLEdBQUcsR0FBYSxFQUFFLEVBQUU7b0JBQzNDLDZEQUE2RDtvQkFDN0QsYUFBYTtvQkFDYixHQUFHLENBQUMsQ0FBQyxDQUFDLE1BQU0sQ0FBQyxJQUFJLEtBQUssQ0FBQyxHQUFHLENBQUMsQ0FBQyxDQUFDLENBQUMsQ0FBQyxPQUFPLENBQUMsR0FBRyxHQUFHLENBQUMsQ0FBQztvQkFFakQsTUFBTSxHQUFHLEdBQUcsR0FBRyxFQUFFO3dCQUNmLE1BQU0sQ0FBQyxHQUFHLENBQUMsQ0FBQyxLQUFLLENBQUMsU0FBUyxFQUFFLENBQUMsR0FBRyxJQUFJLEVBQUUsRUFBRSxDQUFDLENBQUMsQ0FBQztvQkFDOUMsQ0FBQyxDQUFDO29CQUVGLEdBQUcsRUFBRSxDQUFDO2dCQUNSLENBQUMsQ0FBQyxDQUFDO1lBQ0wsQ0FBQyxDQUFDO1FBQ0osQ0FBQztLQUNGLENBQUMsQ0FBQztJQUVILE9BQU8sS0FBSyxDQUFDO0FBQ2YsQ0FBQztBQUVELE1BQU0sUUFBUSxHQUFHLEtBQUssSUFBSSxFQUFFO0lBQzFCLE9BQU8sSUFBQSxpQkFBVSxFQUFDLE1BQU0sRUFBRSxDQUFDLFFBQVEsQ0FBQyxJQUFBLFdBQUksRUFBQyxTQUFTLEVBQUUsSUFBSSxFQUFFLGNBQWMsQ0FBQyxDQUFDLENBQUMsQ0FBQztBQUM5RSxDQUFDLENBQUM7QUFFRixNQUFNLElBQUksR0FBRyxRQUFRLENBQUMsUUFBUSxFQUFFLENBQUMsQ0FBQztBQUUzQixLQUFLLFVBQVUsS0FBSyxDQUN6QixRQUFnQixFQUNoQixRQUFnQjtJQUVoQixNQUFNLEdBQUcsR0FBRyxNQUFNLElBQUksQ0FBQyxLQUFLLENBQUMsUUFBUSxFQUFFLFFBQVEsQ0FBQyxDQUFDO0lBQ2pELE9BQU8sSUFBSSxDQUFDLEtBQUssQ0FBQyxHQUFHLENBQUMsQ0FBQztBQUN6QixDQUFDO0FBTkQsc0JBTUM7QUFFTSxLQUFLLFVBQVUsWUFBWSxDQUNoQyxnQkFBd0I7SUFFeEIsSUFBSSxjQUFjLEdBQUcsRUFBRSxDQUFDO0lBQ3hCLE1BQU0sa0JBQWtCLEdBQTBCLEVBQUUsQ0FBQztJQUVyRCxLQUFLLE1BQU0sSUFBSSxJQUFJLEVBQUUsQ0FBQyxXQUFXLENBQUMsZ0JBQWdCLENBQUMsRUFBRSxDQUFDO1FBQ3BELE1BQU0sUUFBUSxHQUFHLElBQUEsY0FBTyxFQUFDLGdCQUFnQixFQUFFLElBQUksQ0FBQyxDQUFDO1FBQ2pELElBQUksQ0FBQyxFQUFFLENBQUMsU0FBUyxDQUFDLFFBQVEsQ0FBQyxDQUFDLFdBQVcsRUFBRSxFQUFFLENBQUM7WUFDMUMsSUFBSSxJQUFJLENBQUMsS0FBSyxDQUFDLE9BQU8sQ0FBQyxFQUFFLENBQUM7Z0JBQ3hCLGNBQWMsSUFBSSxFQUFFLENBQUMsWUFBWSxDQUFDLFFBQVEsRUFBRSxPQUFPLENBQUMsQ0FBQztnQkFDckQsY0FBYyxJQUFJLElBQUksQ0FBQztZQUN6QixDQUFDO2lCQUFNLElBQUksSUFBSSxDQUFDLEtBQUssQ0FBQyxhQUFhLENBQUMsRUFBRSxDQUFDO2dCQUNyQyxrQkFBa0IsQ0FBQyxJQUFJLENBQUMsSUFBSSxDQUFDLEtBQUssQ0FBQyxFQUFFLENBQUMsWUFBWSxDQUFDLFFBQVEsRUFBRSxPQUFPLENBQUMsQ0FBQyxDQUFDLENBQUM7WUFDMUUsQ0FBQztRQUNILENBQUM7SUFDSCxDQUFDO0lBRUQsSUFBSSxjQUFjLEtBQUssRUFBRSxJQUFJLGtCQUFrQixDQUFDLE1BQU0sS0FBSyxDQUFDLEVBQUUsQ0FBQztRQUM3RCxPQUFPLENBQUMsS0FBSyxDQUFDLHlDQUF5QyxnQkFBZ0IsRUFBRSxDQUFDLENBQUM7UUFDM0UsT0FBTyxFQUFFLENBQUM7SUFDWixDQUFDO0lBRUQsT0FBTyxJQUFBLHFCQUFTLEVBQ2QsTUFBTSxLQUFLLENBQUMsYUFBYSxFQUFFLGNBQWMsQ0FBQyxFQUMxQyxHQUFHLGtCQUFrQixDQUN0QixDQUFDO0FBQ0osQ0FBQztBQTNCRCxvQ0EyQkM7QUFFRDs7Ozs7R0FLRztBQUNJLEtBQUssVUFBVSx5QkFBeUIsQ0FDN0MsUUFBZ0IsRUFDaEIsVUFBa0I7SUFFbEIsZ0VBQWdFO0lBQ2hFLHlFQUF5RTtJQUN6RSxtRUFBbUU7SUFDbkUsSUFBSSxNQUFNLEdBQUcsQ0FBQyxDQUFDO0lBQ2YsSUFBSSxzQkFBc0IsR0FBRyxVQUFVLENBQUM7SUFDeEMsSUFBSSxDQUFDLFVBQVUsQ0FBQyxVQUFVLENBQUMsR0FBRyxDQUFDLEVBQUUsQ0FBQztRQUNoQyxzQkFBc0IsR0FBRyxJQUFJLFVBQVUsR0FBRyxDQUFDO1FBQzNDLE1BQU0sR0FBRyxDQUFDLENBQUM7SUFDYixDQUFDO0lBRUQsTUFBTSxFQUFFLElBQUksRUFBRSxpQkFBaUIsRUFBRSxVQUFVLEVBQUUsV0FBVyxFQUFFLEdBQ3hELElBQUEsOEJBQXVCLEVBQUMsR0FBRyxzQkFBc0IsRUFBRSxDQUFDLENBQUM7SUFFdkQsTUFBTSxJQUFJLFdBQVcsQ0FBQztJQUV0QixNQUFNLEdBQUcsR0FBRyxNQUFNLGdCQUFnQixDQUFDLFFBQVEsRUFBRSxpQkFBaUIsQ0FBQyxDQUFDO0lBQ2hFLElBQUksQ0FBQyxHQUFHLEVBQUUsQ0FBQztRQUNULE9BQU8sRUFBRSxDQUFDO0lBQ1osQ0FBQztJQUVELE1BQU0sSUFBSSxHQUFHLElBQUEsbUNBQXNCLEVBQUMsVUFBVSxFQUFFLEdBQUcsQ0FBQyxDQUFDO0lBQ3JELElBQUksaUJBQWlCLEtBQUssVUFBVSxFQUFFLENBQUM7UUFDckMsT0FBTyxJQUFJLENBQUM7SUFDZCxDQUFDO0lBRUQsT0FBTyxJQUFJLENBQUMsR0FBRyxDQUFDLENBQUMsR0FBRyxFQUFFLEVBQUU7UUFDdEIsT0FBTztZQUNMLEdBQUcsR0FBRztZQUNOLGFBQWEsRUFBRSxHQUFHLENBQUMsYUFBYSxHQUFHLE1BQU07WUFDekMsV0FBVyxFQUFFLEdBQUcsQ0FBQyxXQUFXLEdBQUcsTUFBTTtTQUN0QyxDQUFDO0lBQ0osQ0FBQyxDQUFDLENBQUM7QUFDTCxDQUFDO0FBcENELDhEQW9DQztBQUVEOzs7Ozs7Ozs7OztHQVdHO0FBQ0ksS0FBSyxVQUFVLGdCQUFnQixDQUNwQyxRQUFnQixFQUNoQixVQUFrQjtJQUVsQixNQUFNLEdBQUcsR0FBRyxNQUFNLElBQUksQ0FBQyxnQkFBZ0IsQ0FBQyxRQUFRLEVBQUUsVUFBVSxDQUFDLENBQUM7SUFDOUQsTUFBTSxHQUFHLEdBQUcsSUFBSSxDQUFDLEtBQUssQ0FBQyxHQUFHLENBQW1CLENBQUM7SUFFOUMsSUFBSSxDQUFDLEdBQUcsRUFBRSxDQUFDO1FBQ1QsT0FBTyxJQUFJLENBQUM7SUFDZCxDQUFDO0lBRUQsT0FBTyxHQUFHLENBQUM7QUFDYixDQUFDO0FBWkQsNENBWUMiLCJzb3VyY2VzQ29udGVudCI6WyIvLyBDb3B5cmlnaHQgKGMpIEhhc2hpQ29ycCwgSW5jXG4vLyBTUERYLUxpY2Vuc2UtSWRlbnRpZmllcjogTVBMLTIuMFxuXG4vLy8gPHJlZmVyZW5jZSBsaWI9XCJkb21cIiAvPlxuXG4vLyBJbnNwaXJlZCBieVxuLy8gaHR0cHM6Ly9naXRodWIuY29tL3RzLXRlcnJhZm9ybS90cy10ZXJyYWZvcm1cbi8vIGh0dHBzOi8vZ2l0aHViLmNvbS9hYXJvbnBvd2VsbC93ZWJwYWNrLWdvbGFuZy13YXNtLWFzeW5jLWxvYWRlclxuXG5pbXBvcnQgKiBhcyBmcyBmcm9tIFwiZnMtZXh0cmFcIjtcbmltcG9ydCB7IGpvaW4sIHJlc29sdmUgfSBmcm9tIFwicGF0aFwiO1xuaW1wb3J0IHsgZGVlcE1lcmdlIH0gZnJvbSBcIi4vZGVlcG1lcmdlXCI7XG5pbXBvcnQgeyBndW56aXBTeW5jIH0gZnJvbSBcInpsaWJcIjtcbmltcG9ydCB7IFJlZmVyZW5jZSwgZmluZEFsbFJlZmVyZW5jZXNJbkFzdCB9IGZyb20gXCIuL3JlZmVyZW5jZXNcIjtcbmltcG9ydCB7IEV4cHJlc3Npb25UeXBlIH0gZnJvbSBcIi4vc3ludGF4LXRyZWVcIjtcbmltcG9ydCB7IHdyYXBUZXJyYWZvcm1FeHByZXNzaW9uIH0gZnJvbSBcIi4vdXRpbFwiO1xuXG5pbnRlcmZhY2UgR29CcmlkZ2Uge1xuICBwYXJzZTogKGZpbGVuYW1lOiBzdHJpbmcsIGhjbDogc3RyaW5nKSA9PiBQcm9taXNlPHN0cmluZz47XG4gIHBhcnNlRXhwcmVzc2lvbjogKGZpbGVuYW1lOiBzdHJpbmcsIGhjbDogc3RyaW5nKSA9PiBQcm9taXNlPHN0cmluZz47XG4gIGdldEV4cHJlc3Npb25Bc3Q6IChmaWxlbmFtZTogc3RyaW5nLCBoY2w6IHN0cmluZykgPT4gUHJvbWlzZTxzdHJpbmc+O1xufVxuXG4vLyBlc2xpbnQtZGlzYWJsZS1uZXh0LWxpbmUgQHR5cGVzY3JpcHQtZXNsaW50L25vLXVuc2FmZS1mdW5jdGlvbi10eXBlXG5jb25zdCBqc1Jvb3Q6IFJlY29yZDxzdHJpbmcsIEZ1bmN0aW9uPiA9IHt9O1xuXG5mdW5jdGlvbiBzbGVlcCgpIHtcbiAgcmV0dXJuIG5ldyBQcm9taXNlKChyZXNvbHZlKSA9PiB7XG4gICAgc2V0VGltZW91dChyZXNvbHZlLCAwKTtcbiAgfSk7XG59XG5cbmZ1bmN0aW9uIGdvQnJpZGdlKGdldEJ5dGVzOiBQcm9taXNlPEJ1ZmZlcj4pIHtcbiAgbGV0IHJlYWR5ID0gZmFsc2U7XG5cbiAgYXN5bmMgZnVuY3Rpb24gaW5pdCgpIHtcbiAgICAvLyBBZnRlcjogaHR0cHM6Ly9naXRodWIuY29tL2dvbGFuZy9nby9jb21taXQvNjgwY2FmMTUzNTUwNTdjYTg0ODU3YTJhMjkxYjZmNWM0NGU3MzMyOVxuICAgIC8vIEdvIDEuMTkrIGhhcyBhIGRpZmZlcmVudCBlbnRyeXBvaW50XG4gICAgYXdhaXQgaW1wb3J0KGAuLi93YXNtL2JyaWRnZV93YXNtX2V4ZWMuanNgKTtcbiAgICBjb25zdCBnbyA9IG5ldyAoZ2xvYmFsIGFzIGFueSkuR28oKTtcbiAgICBjb25zdCBieXRlcyA9IGF3YWl0IGdldEJ5dGVzO1xuICAgIGNvbnN0IHJlc3VsdCA9IGF3YWl0IFdlYkFzc2VtYmx5Lmluc3RhbnRpYXRlKFxuICAgICAgbmV3IFVpbnQ4QXJyYXkoYnl0ZXMpLFxuICAgICAgZ28uaW1wb3J0T2JqZWN0LFxuICAgICk7XG4gICAgKGdsb2JhbCBhcyBhbnkpLl9fcGFyc2VfdGVycmFmb3JtX2NvbmZpZ193YXNtX18gPSBqc1Jvb3Q7XG4gICAgdm9pZCBnby5ydW4ocmVzdWx0Lmluc3RhbmNlKTtcbiAgICByZWFkeSA9IHRydWU7XG4gIH1cblxuICBpbml0KCkuY2F0Y2goKGVycm9yKSA9PiB7XG4gICAgdGhyb3cgZXJyb3I7XG4gIH0pO1xuXG4gIGNvbnN0IHByb3h5ID0gbmV3IFByb3h5KHt9IGFzIEdvQnJpZGdlLCB7XG4gICAgZ2V0OiAoXywga2V5OiBzdHJpbmcpID0+IHtcbiAgICAgIHJldHVybiBhc3luYyAoLi4uYXJnczogdW5rbm93bltdKSA9PiB7XG4gICAgICAgIHdoaWxlICghcmVhZHkpIHtcbiAgICAgICAgICBhd2FpdCBzbGVlcCgpO1xuICAgICAgICB9XG5cbiAgICAgICAgaWYgKCEoa2V5IGluIGpzUm9vdCkpIHtcbiAgICAgICAgICB0aHJvdyBuZXcgRXJyb3IoXG4gICAgICAgICAgICBgVGhlcmUgaXMgbm90aGluZyBkZWZpbmVkIHdpdGggdGhlIG5hbWUgXCIke2tleS50b1N0cmluZygpfVwiYCxcbiAgICAgICAgICApO1xuICAgICAgICB9XG5cbiAgICAgICAgaWYgKHR5cGVvZiBqc1Jvb3Rba2V5XSAhPT0gXCJmdW5jdGlvblwiKSB7XG4gICAgICAgICAgcmV0dXJuIGpzUm9vdFtrZXldO1xuICAgICAgICB9XG5cbiAgICAgICAgcmV0dXJuIG5ldyBQcm9taXNlKChyZXNvbHZlLCByZWplY3QpID0+IHtcbiAgICAgICAgICBjb25zdCBjYiA9IChlcnI6IHN0cmluZywgLi4ubXNnOiBzdHJpbmdbXSkgPT5cbiAgICAgICAgICAgIC8vIGVzbGludC1kaXNhYmxlLW5leHQtbGluZSBAdHlwZXNjcmlwdC1lc2xpbnQvYmFuLXRzLWNvbW1lbnRcbiAgICAgICAgICAgIC8vIEB0cy1pZ25vcmVcbiAgICAgICAgICAgIGVyciA/IHJlamVjdChuZXcgRXJyb3IoZXJyKSkgOiByZXNvbHZlKC4uLm1zZyk7XG5cbiAgICAgICAgICBjb25zdCBydW4gPSAoKSA9PiB7XG4gICAgICAgICAgICBqc1Jvb3Rba2V5XS5hcHBseSh1bmRlZmluZWQsIFsuLi5hcmdzLCBjYl0pO1xuICAgICAgICAgIH07XG5cbiAgICAgICAgICBydW4oKTtcbiAgICAgICAgfSk7XG4gICAgICB9O1xuICAgIH0sXG4gIH0pO1xuXG4gIHJldHVybiBwcm94eTtcbn1cblxuY29uc3QgbG9hZFdhc20gPSBhc3luYyAoKSA9PiB7XG4gIHJldHVybiBndW56aXBTeW5jKGF3YWl0IGZzLnJlYWRGaWxlKGpvaW4oX19kaXJuYW1lLCBcIi4uXCIsIFwibWFpbi53YXNtLmd6XCIpKSk7XG59O1xuXG5jb25zdCB3YXNtID0gZ29CcmlkZ2UobG9hZFdhc20oKSk7XG5cbmV4cG9ydCBhc3luYyBmdW5jdGlvbiBwYXJzZShcbiAgZmlsZW5hbWU6IHN0cmluZyxcbiAgY29udGVudHM6IHN0cmluZyxcbik6IFByb21pc2U8UmVjb3JkPHN0cmluZywgYW55Pj4ge1xuICBjb25zdCByZXMgPSBhd2FpdCB3YXNtLnBhcnNlKGZpbGVuYW1lLCBjb250ZW50cyk7XG4gIHJldHVybiBKU09OLnBhcnNlKHJlcyk7XG59XG5cbmV4cG9ydCBhc3luYyBmdW5jdGlvbiBjb252ZXJ0RmlsZXMoXG4gIHdvcmtpbmdEaXJlY3Rvcnk6IHN0cmluZyxcbik6IFByb21pc2U8UmVjb3JkPHN0cmluZywgYW55Pj4ge1xuICBsZXQgdGZGaWxlQ29udGVudHMgPSBcIlwiO1xuICBjb25zdCB0ZkpTT05GaWxlQ29udGVudHM6IFJlY29yZDxzdHJpbmcsIGFueT5bXSA9IFtdO1xuXG4gIGZvciAoY29uc3QgZmlsZSBvZiBmcy5yZWFkZGlyU3luYyh3b3JraW5nRGlyZWN0b3J5KSkge1xuICAgIGNvbnN0IGZpbGVQYXRoID0gcmVzb2x2ZSh3b3JraW5nRGlyZWN0b3J5LCBmaWxlKTtcbiAgICBpZiAoIWZzLmxzdGF0U3luYyhmaWxlUGF0aCkuaXNEaXJlY3RvcnkoKSkge1xuICAgICAgaWYgKGZpbGUubWF0Y2goL1xcLnRmJC8pKSB7XG4gICAgICAgIHRmRmlsZUNvbnRlbnRzICs9IGZzLnJlYWRGaWxlU3luYyhmaWxlUGF0aCwgXCJ1dGYtOFwiKTtcbiAgICAgICAgdGZGaWxlQ29udGVudHMgKz0gXCJcXG5cIjtcbiAgICAgIH0gZWxzZSBpZiAoZmlsZS5tYXRjaCgvXFwudGZcXC5qc29uJC8pKSB7XG4gICAgICAgIHRmSlNPTkZpbGVDb250ZW50cy5wdXNoKEpTT04ucGFyc2UoZnMucmVhZEZpbGVTeW5jKGZpbGVQYXRoLCBcInV0Zi04XCIpKSk7XG4gICAgICB9XG4gICAgfVxuICB9XG5cbiAgaWYgKHRmRmlsZUNvbnRlbnRzID09PSBcIlwiICYmIHRmSlNPTkZpbGVDb250ZW50cy5sZW5ndGggPT09IDApIHtcbiAgICBjb25zb2xlLmVycm9yKGBObyAnLnRmJyBvciAnLnRmLmpzb24nIGZpbGVzIGZvdW5kIGluICR7d29ya2luZ0RpcmVjdG9yeX1gKTtcbiAgICByZXR1cm4ge307XG4gIH1cblxuICByZXR1cm4gZGVlcE1lcmdlKFxuICAgIGF3YWl0IHBhcnNlKFwiaGNsMmpzb24udGZcIiwgdGZGaWxlQ29udGVudHMpLFxuICAgIC4uLnRmSlNPTkZpbGVDb250ZW50cyxcbiAgKTtcbn1cblxuLyoqXG4gKiBQYXJzZSBhIFRlcnJhZm9ybSBleHByZXNzaW9uIGFuZCByZXR1cm4gdGhlIEFTVC4gVGhpcyBmdW5jdGlvbiBleHBlY3RzIGEgc3RyaW5nIGlucHV0LCBhbmQgd2lsbCB3cmFwIHRoZSBleHByZXNzaW9uIGluIHF1b3RlcyBpZiBpdCBpcyBub3QgYWxyZWFkeSBxdW90ZWQuXG4gKiBAcGFyYW0gZmlsZW5hbWUgVGhlIGZpbGVuYW1lIHRvIHVzZSBmb3IgdGhlIGV4cHJlc3Npb24uIFRoaXMgaXMgdXNlZCBmb3IgZXJyb3IgcmVwb3J0aW5nLlxuICogQHBhcmFtIGV4cHJlc3Npb24gVGhlIGV4cHJlc3Npb24gdG8gcGFyc2UuXG4gKiBAcmV0dXJucyBBbiBhcnJheSBvZiBSZWZlcmVuY2VzIGZvdW5kIGluIHRoZSBleHByZXNzaW9uLlxuICovXG5leHBvcnQgYXN5bmMgZnVuY3Rpb24gZ2V0UmVmZXJlbmNlc0luRXhwcmVzc2lvbihcbiAgZmlsZW5hbWU6IHN0cmluZyxcbiAgZXhwcmVzc2lvbjogc3RyaW5nLFxuKTogUHJvbWlzZTxSZWZlcmVuY2VbXT4ge1xuICAvLyBXZSBoYXZlIHRvIGRvIHRoaXMgdHdpY2UgYmVjYXVzZSBvZiB0aGUgcHJvYmxlbSB3aXRoIEhFUkVET0NTXG4gIC8vIE91ciBjdXJyZW50IGhjbDJqc29uIGltcGxlbWVudGF0aW9uIHJlbW92ZXMgSEVSRURPQ1MgYW5kIHJlcGxhY2VzIHRoZW1cbiAgLy8gd2l0aCBhIG11bHRpLWxpbmUgc3RyaW5nLCB3aGljaCBpcyBjYXVzaW5nIGFsbCBraW5kcyBvZiBwcm9ibGVtc1xuICBsZXQgb2Zmc2V0ID0gMDtcbiAgbGV0IHF1b3RlV3JhcHBlZEV4cHJlc3Npb24gPSBleHByZXNzaW9uO1xuICBpZiAoIWV4cHJlc3Npb24uc3RhcnRzV2l0aCgnXCInKSkge1xuICAgIHF1b3RlV3JhcHBlZEV4cHJlc3Npb24gPSBgXCIke2V4cHJlc3Npb259XCJgO1xuICAgIG9mZnNldCA9IDE7XG4gIH1cblxuICBjb25zdCB7IHdyYXA6IHdyYXBwZWRFeHByZXNzaW9uLCB3cmFwT2Zmc2V0OiBzdGFydE9mZnNldCB9ID1cbiAgICB3cmFwVGVycmFmb3JtRXhwcmVzc2lvbihgJHtxdW90ZVdyYXBwZWRFeHByZXNzaW9ufWApO1xuXG4gIG9mZnNldCArPSBzdGFydE9mZnNldDtcblxuICBjb25zdCBhc3QgPSBhd2FpdCBnZXRFeHByZXNzaW9uQXN0KGZpbGVuYW1lLCB3cmFwcGVkRXhwcmVzc2lvbik7XG4gIGlmICghYXN0KSB7XG4gICAgcmV0dXJuIFtdO1xuICB9XG5cbiAgY29uc3QgcmVmcyA9IGZpbmRBbGxSZWZlcmVuY2VzSW5Bc3QoZXhwcmVzc2lvbiwgYXN0KTtcbiAgaWYgKHdyYXBwZWRFeHByZXNzaW9uID09PSBleHByZXNzaW9uKSB7XG4gICAgcmV0dXJuIHJlZnM7XG4gIH1cblxuICByZXR1cm4gcmVmcy5tYXAoKHJlZikgPT4ge1xuICAgIHJldHVybiB7XG4gICAgICAuLi5yZWYsXG4gICAgICBzdGFydFBvc2l0aW9uOiByZWYuc3RhcnRQb3NpdGlvbiAtIG9mZnNldCxcbiAgICAgIGVuZFBvc2l0aW9uOiByZWYuZW5kUG9zaXRpb24gLSBvZmZzZXQsXG4gICAgfTtcbiAgfSk7XG59XG5cbi8qKlxuICogUGFyc2UgYSBUZXJyYWZvcm0gZXhwcmVzc2lvbiBhbmQgcmV0dXJuIHRoZSBBU1QuIFRoZSBleHByZXNzaW9uIGRvZXMgbm90IG5lZWQgdG8gYmUgYSBUZXJyYWZvcm0gc3RyaW5nLlxuICogQHBhcmFtIGZpbGVuYW1lIFRoZSBmaWxlbmFtZSB0byB1c2UgZm9yIHRoZSBleHByZXNzaW9uLiBUaGlzIGlzIHVzZWQgZm9yIGVycm9yIHJlcG9ydGluZy5cbiAqIEBwYXJhbSBleHByZXNzaW9uIFRoZSBleHByZXNzaW9uIHRvIHBhcnNlLlxuICogQHJldHVybnMgVGhlIEFTVCBmb3IgdGhlIGV4cHJlc3Npb24uXG4gKlxuICogICBUaGUgcmV0dXJuZWQgQVNUIGhhcyB0aGUgZm9sbG93aW5nIHN0cnVjdHVyZTpcbiAqICAgLSB0eXBlOiBUaGUgdHlwZSBvZiB0aGUgbm9kZS4gVGhpcyBpcyBhIHN0cmluZy5cbiAqICAgLSByYW5nZTogVGhpcyBjb250YWlucyB0aGUgc3RhcnQgYW5kIGVuZCBvZiB0aGUgbm9kZSBpbiB0aGUgZXhwcmVzc2lvbi5cbiAqICAgLSBjaGlsZHJlbjogVGhpcyBjb250YWlucyB0aGUgY2hpbGRyZW4gb2YgdGhlIG5vZGUuIFRoaXMgaXMgYW4gYXJyYXkgb2Ygbm9kZXMuXG4gKiAgIC0gbWV0YTogVGhpcyBjb250YWlucyBtZXRhZGF0YSBhYm91dCB0aGUgbm9kZS4gVGhpcyBpcyBhbiBvYmplY3QsIGFuZCB2YXJpZXMgZGVwZW5kaW5nIG9uIHRoZSB0eXBlIG9mIHRoZSBub2RlLlxuICovXG5leHBvcnQgYXN5bmMgZnVuY3Rpb24gZ2V0RXhwcmVzc2lvbkFzdChcbiAgZmlsZW5hbWU6IHN0cmluZyxcbiAgZXhwcmVzc2lvbjogc3RyaW5nLFxuKTogUHJvbWlzZTxFeHByZXNzaW9uVHlwZSB8IG51bGw+IHtcbiAgY29uc3QgcmVzID0gYXdhaXQgd2FzbS5nZXRFeHByZXNzaW9uQXN0KGZpbGVuYW1lLCBleHByZXNzaW9uKTtcbiAgY29uc3QgYXN0ID0gSlNPTi5wYXJzZShyZXMpIGFzIEV4cHJlc3Npb25UeXBlO1xuXG4gIGlmICghYXN0KSB7XG4gICAgcmV0dXJuIG51bGw7XG4gIH1cblxuICByZXR1cm4gYXN0O1xufVxuIl19

/***/ }),

/***/ 62851:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.deepMerge = void 0;
// Copyright (c) HashiCorp, Inc
// SPDX-License-Identifier: MPL-2.0
/**
 * Merges `source` into `target`, overriding any existing values.
 * `undefined` will cause a value to be deleted.
 */
function deepMerge(target, ...sources) {
    for (const source of sources) {
        if (typeof source !== "object" || typeof target !== "object") {
            throw new Error(`Invalid usage. Both source (${JSON.stringify(source)}) and target (${JSON.stringify(target)}) must be objects`);
        }
        for (const key of Object.keys(source)) {
            const value = source[key];
            if (typeof value === "object" && value != null && !Array.isArray(value)) {
                // if the value at the target is not an object, override it with an
                // object so we can continue the recursion
                if (typeof target[key] !== "object") {
                    target[key] = {};
                }
                deepMerge(target[key], value);
                // if the result of the merge is an empty object, it's because the
                // eventual value we assigned is `undefined`, and there are no
                // sibling concrete values alongside, so we can delete this tree.
                const output = target[key];
                if (typeof output === "object" && Object.keys(output).length === 0) {
                    delete target[key];
                }
            }
            else if (typeof value === "object" &&
                value != null &&
                Array.isArray(value)) {
                if (Array.isArray(target[key])) {
                    target[key] = [...target[key], ...value];
                }
                else {
                    target[key] = value;
                }
            }
            else if (value === undefined) {
                delete target[key];
            }
            else {
                target[key] = value;
            }
        }
    }
    return target;
}
exports.deepMerge = deepMerge;
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoiZGVlcG1lcmdlLmpzIiwic291cmNlUm9vdCI6IiIsInNvdXJjZXMiOlsiLi4vc3JjL2RlZXBtZXJnZS50cyJdLCJuYW1lcyI6W10sIm1hcHBpbmdzIjoiOzs7QUFBQSwrQkFBK0I7QUFDL0IsbUNBQW1DO0FBQ25DOzs7R0FHRztBQUNILFNBQWdCLFNBQVMsQ0FBQyxNQUFXLEVBQUUsR0FBRyxPQUFjO0lBQ3RELEtBQUssTUFBTSxNQUFNLElBQUksT0FBTyxFQUFFLENBQUM7UUFDN0IsSUFBSSxPQUFPLE1BQU0sS0FBSyxRQUFRLElBQUksT0FBTyxNQUFNLEtBQUssUUFBUSxFQUFFLENBQUM7WUFDN0QsTUFBTSxJQUFJLEtBQUssQ0FDYiwrQkFBK0IsSUFBSSxDQUFDLFNBQVMsQ0FDM0MsTUFBTSxDQUNQLGlCQUFpQixJQUFJLENBQUMsU0FBUyxDQUFDLE1BQU0sQ0FBQyxtQkFBbUIsQ0FDNUQsQ0FBQztRQUNKLENBQUM7UUFFRCxLQUFLLE1BQU0sR0FBRyxJQUFJLE1BQU0sQ0FBQyxJQUFJLENBQUMsTUFBTSxDQUFDLEVBQUUsQ0FBQztZQUN0QyxNQUFNLEtBQUssR0FBRyxNQUFNLENBQUMsR0FBRyxDQUFDLENBQUM7WUFDMUIsSUFBSSxPQUFPLEtBQUssS0FBSyxRQUFRLElBQUksS0FBSyxJQUFJLElBQUksSUFBSSxDQUFDLEtBQUssQ0FBQyxPQUFPLENBQUMsS0FBSyxDQUFDLEVBQUUsQ0FBQztnQkFDeEUsbUVBQW1FO2dCQUNuRSwwQ0FBMEM7Z0JBQzFDLElBQUksT0FBTyxNQUFNLENBQUMsR0FBRyxDQUFDLEtBQUssUUFBUSxFQUFFLENBQUM7b0JBQ3BDLE1BQU0sQ0FBQyxHQUFHLENBQUMsR0FBRyxFQUFFLENBQUM7Z0JBQ25CLENBQUM7Z0JBRUQsU0FBUyxDQUFDLE1BQU0sQ0FBQyxHQUFHLENBQUMsRUFBRSxLQUFLLENBQUMsQ0FBQztnQkFFOUIsa0VBQWtFO2dCQUNsRSw4REFBOEQ7Z0JBQzlELGlFQUFpRTtnQkFDakUsTUFBTSxNQUFNLEdBQUcsTUFBTSxDQUFDLEdBQUcsQ0FBQyxDQUFDO2dCQUMzQixJQUFJLE9BQU8sTUFBTSxLQUFLLFFBQVEsSUFBSSxNQUFNLENBQUMsSUFBSSxDQUFDLE1BQU0sQ0FBQyxDQUFDLE1BQU0sS0FBSyxDQUFDLEVBQUUsQ0FBQztvQkFDbkUsT0FBTyxNQUFNLENBQUMsR0FBRyxDQUFDLENBQUM7Z0JBQ3JCLENBQUM7WUFDSCxDQUFDO2lCQUFNLElBQ0wsT0FBTyxLQUFLLEtBQUssUUFBUTtnQkFDekIsS0FBSyxJQUFJLElBQUk7Z0JBQ2IsS0FBSyxDQUFDLE9BQU8sQ0FBQyxLQUFLLENBQUMsRUFDcEIsQ0FBQztnQkFDRCxJQUFJLEtBQUssQ0FBQyxPQUFPLENBQUMsTUFBTSxDQUFDLEdBQUcsQ0FBQyxDQUFDLEVBQUUsQ0FBQztvQkFDL0IsTUFBTSxDQUFDLEdBQUcsQ0FBQyxHQUFHLENBQUMsR0FBRyxNQUFNLENBQUMsR0FBRyxDQUFDLEVBQUUsR0FBRyxLQUFLLENBQUMsQ0FBQztnQkFDM0MsQ0FBQztxQkFBTSxDQUFDO29CQUNOLE1BQU0sQ0FBQyxHQUFHLENBQUMsR0FBRyxLQUFLLENBQUM7Z0JBQ3RCLENBQUM7WUFDSCxDQUFDO2lCQUFNLElBQUksS0FBSyxLQUFLLFNBQVMsRUFBRSxDQUFDO2dCQUMvQixPQUFPLE1BQU0sQ0FBQyxHQUFHLENBQUMsQ0FBQztZQUNyQixDQUFDO2lCQUFNLENBQUM7Z0JBQ04sTUFBTSxDQUFDLEdBQUcsQ0FBQyxHQUFHLEtBQUssQ0FBQztZQUN0QixDQUFDO1FBQ0gsQ0FBQztJQUNILENBQUM7SUFFRCxPQUFPLE1BQU0sQ0FBQztBQUNoQixDQUFDO0FBL0NELDhCQStDQyIsInNvdXJjZXNDb250ZW50IjpbIi8vIENvcHlyaWdodCAoYykgSGFzaGlDb3JwLCBJbmNcbi8vIFNQRFgtTGljZW5zZS1JZGVudGlmaWVyOiBNUEwtMi4wXG4vKipcbiAqIE1lcmdlcyBgc291cmNlYCBpbnRvIGB0YXJnZXRgLCBvdmVycmlkaW5nIGFueSBleGlzdGluZyB2YWx1ZXMuXG4gKiBgdW5kZWZpbmVkYCB3aWxsIGNhdXNlIGEgdmFsdWUgdG8gYmUgZGVsZXRlZC5cbiAqL1xuZXhwb3J0IGZ1bmN0aW9uIGRlZXBNZXJnZSh0YXJnZXQ6IGFueSwgLi4uc291cmNlczogYW55W10pIHtcbiAgZm9yIChjb25zdCBzb3VyY2Ugb2Ygc291cmNlcykge1xuICAgIGlmICh0eXBlb2Ygc291cmNlICE9PSBcIm9iamVjdFwiIHx8IHR5cGVvZiB0YXJnZXQgIT09IFwib2JqZWN0XCIpIHtcbiAgICAgIHRocm93IG5ldyBFcnJvcihcbiAgICAgICAgYEludmFsaWQgdXNhZ2UuIEJvdGggc291cmNlICgke0pTT04uc3RyaW5naWZ5KFxuICAgICAgICAgIHNvdXJjZSxcbiAgICAgICAgKX0pIGFuZCB0YXJnZXQgKCR7SlNPTi5zdHJpbmdpZnkodGFyZ2V0KX0pIG11c3QgYmUgb2JqZWN0c2AsXG4gICAgICApO1xuICAgIH1cblxuICAgIGZvciAoY29uc3Qga2V5IG9mIE9iamVjdC5rZXlzKHNvdXJjZSkpIHtcbiAgICAgIGNvbnN0IHZhbHVlID0gc291cmNlW2tleV07XG4gICAgICBpZiAodHlwZW9mIHZhbHVlID09PSBcIm9iamVjdFwiICYmIHZhbHVlICE9IG51bGwgJiYgIUFycmF5LmlzQXJyYXkodmFsdWUpKSB7XG4gICAgICAgIC8vIGlmIHRoZSB2YWx1ZSBhdCB0aGUgdGFyZ2V0IGlzIG5vdCBhbiBvYmplY3QsIG92ZXJyaWRlIGl0IHdpdGggYW5cbiAgICAgICAgLy8gb2JqZWN0IHNvIHdlIGNhbiBjb250aW51ZSB0aGUgcmVjdXJzaW9uXG4gICAgICAgIGlmICh0eXBlb2YgdGFyZ2V0W2tleV0gIT09IFwib2JqZWN0XCIpIHtcbiAgICAgICAgICB0YXJnZXRba2V5XSA9IHt9O1xuICAgICAgICB9XG5cbiAgICAgICAgZGVlcE1lcmdlKHRhcmdldFtrZXldLCB2YWx1ZSk7XG5cbiAgICAgICAgLy8gaWYgdGhlIHJlc3VsdCBvZiB0aGUgbWVyZ2UgaXMgYW4gZW1wdHkgb2JqZWN0LCBpdCdzIGJlY2F1c2UgdGhlXG4gICAgICAgIC8vIGV2ZW50dWFsIHZhbHVlIHdlIGFzc2lnbmVkIGlzIGB1bmRlZmluZWRgLCBhbmQgdGhlcmUgYXJlIG5vXG4gICAgICAgIC8vIHNpYmxpbmcgY29uY3JldGUgdmFsdWVzIGFsb25nc2lkZSwgc28gd2UgY2FuIGRlbGV0ZSB0aGlzIHRyZWUuXG4gICAgICAgIGNvbnN0IG91dHB1dCA9IHRhcmdldFtrZXldO1xuICAgICAgICBpZiAodHlwZW9mIG91dHB1dCA9PT0gXCJvYmplY3RcIiAmJiBPYmplY3Qua2V5cyhvdXRwdXQpLmxlbmd0aCA9PT0gMCkge1xuICAgICAgICAgIGRlbGV0ZSB0YXJnZXRba2V5XTtcbiAgICAgICAgfVxuICAgICAgfSBlbHNlIGlmIChcbiAgICAgICAgdHlwZW9mIHZhbHVlID09PSBcIm9iamVjdFwiICYmXG4gICAgICAgIHZhbHVlICE9IG51bGwgJiZcbiAgICAgICAgQXJyYXkuaXNBcnJheSh2YWx1ZSlcbiAgICAgICkge1xuICAgICAgICBpZiAoQXJyYXkuaXNBcnJheSh0YXJnZXRba2V5XSkpIHtcbiAgICAgICAgICB0YXJnZXRba2V5XSA9IFsuLi50YXJnZXRba2V5XSwgLi4udmFsdWVdO1xuICAgICAgICB9IGVsc2Uge1xuICAgICAgICAgIHRhcmdldFtrZXldID0gdmFsdWU7XG4gICAgICAgIH1cbiAgICAgIH0gZWxzZSBpZiAodmFsdWUgPT09IHVuZGVmaW5lZCkge1xuICAgICAgICBkZWxldGUgdGFyZ2V0W2tleV07XG4gICAgICB9IGVsc2Uge1xuICAgICAgICB0YXJnZXRba2V5XSA9IHZhbHVlO1xuICAgICAgfVxuICAgIH1cbiAgfVxuXG4gIHJldHVybiB0YXJnZXQ7XG59XG4iXX0=

/***/ }),

/***/ 34609:
/***/ (function(__unused_webpack_module, exports, __webpack_require__) {


// Copyright (c) HashiCorp, Inc
// SPDX-License-Identifier: MPL-2.0
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || function (mod) {
    if (mod && mod.__esModule) return mod;
    var result = {};
    if (mod != null) for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) __createBinding(result, mod, k);
    __setModuleDefault(result, mod);
    return result;
};
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.TFExpressionSyntaxTree = exports.wrapTerraformExpression = exports.getExpressionAst = exports.getReferencesInExpression = exports.convertFiles = exports.parse = void 0;
var bridge_1 = __webpack_require__(65376);
Object.defineProperty(exports, "parse", ({ enumerable: true, get: function () { return bridge_1.parse; } }));
Object.defineProperty(exports, "convertFiles", ({ enumerable: true, get: function () { return bridge_1.convertFiles; } }));
Object.defineProperty(exports, "getReferencesInExpression", ({ enumerable: true, get: function () { return bridge_1.getReferencesInExpression; } }));
Object.defineProperty(exports, "getExpressionAst", ({ enumerable: true, get: function () { return bridge_1.getExpressionAst; } }));
var util_1 = __webpack_require__(185);
Object.defineProperty(exports, "wrapTerraformExpression", ({ enumerable: true, get: function () { return util_1.wrapTerraformExpression; } }));
exports.TFExpressionSyntaxTree = __importStar(__webpack_require__(10895));
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoiaW5kZXguanMiLCJzb3VyY2VSb290IjoiIiwic291cmNlcyI6WyIuLi9zcmMvaW5kZXgudHMiXSwibmFtZXMiOltdLCJtYXBwaW5ncyI6IjtBQUFBLCtCQUErQjtBQUMvQixtQ0FBbUM7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O0FBRW5DLG1DQUtrQjtBQUpoQiwrRkFBQSxLQUFLLE9BQUE7QUFDTCxzR0FBQSxZQUFZLE9BQUE7QUFDWixtSEFBQSx5QkFBeUIsT0FBQTtBQUN6QiwwR0FBQSxnQkFBZ0IsT0FBQTtBQUdsQiwrQkFBaUQ7QUFBeEMsK0dBQUEsdUJBQXVCLE9BQUE7QUFFaEMsd0VBQXdEIiwic291cmNlc0NvbnRlbnQiOlsiLy8gQ29weXJpZ2h0IChjKSBIYXNoaUNvcnAsIEluY1xuLy8gU1BEWC1MaWNlbnNlLUlkZW50aWZpZXI6IE1QTC0yLjBcblxuZXhwb3J0IHtcbiAgcGFyc2UsXG4gIGNvbnZlcnRGaWxlcyxcbiAgZ2V0UmVmZXJlbmNlc0luRXhwcmVzc2lvbixcbiAgZ2V0RXhwcmVzc2lvbkFzdCxcbn0gZnJvbSBcIi4vYnJpZGdlXCI7XG5cbmV4cG9ydCB7IHdyYXBUZXJyYWZvcm1FeHByZXNzaW9uIH0gZnJvbSBcIi4vdXRpbFwiO1xuXG5leHBvcnQgKiBhcyBURkV4cHJlc3Npb25TeW50YXhUcmVlIGZyb20gXCIuL3N5bnRheC10cmVlXCI7XG4iXX0=

/***/ }),

/***/ 75587:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


// Copyright (c) HashiCorp, Inc
// SPDX-License-Identifier: MPL-2.0
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.findAllReferencesInAst = exports.traversalToReference = void 0;
const syntax_tree_1 = __webpack_require__(10895);
function traversalToReference(traversalExpression, localVariables) {
    const meta = traversalExpression.meta;
    // We do not want to include property access through brackets here
    // although it is technically a traversal / reference
    function onlyTakeTraversalPartsUntilFirstBracketPropertyAccess(traversals) {
        const filtered = [];
        const index = 0;
        for (const traversal of traversals) {
            if ("segment" in traversal) {
                if (index === 0) {
                    // We are at the first traversal, check if it is a local variable
                    if (localVariables === null || localVariables === void 0 ? void 0 : localVariables.includes(traversal.segment)) {
                        // We reached a local variable, stop
                        return [];
                    }
                }
                filtered.push(traversal);
            }
            else {
                // We reached a bracket, stop
                return filtered;
            }
        }
        return filtered;
    }
    const filteredParts = onlyTakeTraversalPartsUntilFirstBracketPropertyAccess(meta.traversal);
    if (filteredParts.length === 0) {
        return null;
    }
    const startPosition = filteredParts[0].range.start.byte;
    const endPosition = filteredParts[filteredParts.length - 1].range.end.byte;
    return {
        value: filteredParts.map((part) => part.segment).join("."),
        startPosition,
        endPosition,
    };
}
exports.traversalToReference = traversalToReference;
function findAllReferencesInAst(input, entry, localVariables) {
    if (!entry) {
        return [];
    }
    switch (entry.type) {
        case "scopeTraversal": {
            // For traversals within a for expression,
            // we want to ignore the local variables of the for expression
            const reference = traversalToReference(entry, localVariables);
            if (reference)
                return [reference];
            return [];
        }
        case "for": {
            const meta = entry.meta;
            const additionalLocalVariables = [
                meta.keyVar,
                meta.valVar,
                ...(localVariables || []),
            ];
            return [
                ...findAllReferencesInAst(input, (0, syntax_tree_1.getChildWithValue)(entry, meta.collectionExpression), additionalLocalVariables),
                ...findAllReferencesInAst(input, (0, syntax_tree_1.getChildWithValue)(entry, meta.conditionalExpression), additionalLocalVariables),
            ];
        }
        default:
            return entry.children
                .map((child) => findAllReferencesInAst(input, child, localVariables))
                .flat();
    }
}
exports.findAllReferencesInAst = findAllReferencesInAst;
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoicmVmZXJlbmNlcy5qcyIsInNvdXJjZVJvb3QiOiIiLCJzb3VyY2VzIjpbIi4uL3NyYy9yZWZlcmVuY2VzLnRzIl0sIm5hbWVzIjpbXSwibWFwcGluZ3MiOiI7QUFBQSwrQkFBK0I7QUFDL0IsbUNBQW1DOzs7QUFFbkMsK0NBTXVCO0FBUXZCLFNBQWdCLG9CQUFvQixDQUNsQyxtQkFBa0MsRUFDbEMsY0FBeUI7SUFFekIsTUFBTSxJQUFJLEdBQUcsbUJBQW1CLENBQUMsSUFBb0MsQ0FBQztJQUV0RSxrRUFBa0U7SUFDbEUscURBQXFEO0lBQ3JELFNBQVMscURBQXFELENBQzVELFVBQW9DO1FBRXBDLE1BQU0sUUFBUSxHQUFHLEVBQUUsQ0FBQztRQUNwQixNQUFNLEtBQUssR0FBRyxDQUFDLENBQUM7UUFFaEIsS0FBSyxNQUFNLFNBQVMsSUFBSSxVQUFVLEVBQUUsQ0FBQztZQUNuQyxJQUFJLFNBQVMsSUFBSSxTQUFTLEVBQUUsQ0FBQztnQkFDM0IsSUFBSSxLQUFLLEtBQUssQ0FBQyxFQUFFLENBQUM7b0JBQ2hCLGlFQUFpRTtvQkFDakUsSUFBSSxjQUFjLGFBQWQsY0FBYyx1QkFBZCxjQUFjLENBQUUsUUFBUSxDQUFDLFNBQVMsQ0FBQyxPQUFPLENBQUMsRUFBRSxDQUFDO3dCQUNoRCxvQ0FBb0M7d0JBQ3BDLE9BQU8sRUFBRSxDQUFDO29CQUNaLENBQUM7Z0JBQ0gsQ0FBQztnQkFDRCxRQUFRLENBQUMsSUFBSSxDQUFDLFNBQVMsQ0FBQyxDQUFDO1lBQzNCLENBQUM7aUJBQU0sQ0FBQztnQkFDTiw2QkFBNkI7Z0JBQzdCLE9BQU8sUUFBUSxDQUFDO1lBQ2xCLENBQUM7UUFDSCxDQUFDO1FBRUQsT0FBTyxRQUFRLENBQUM7SUFDbEIsQ0FBQztJQUVELE1BQU0sYUFBYSxHQUFHLHFEQUFxRCxDQUN6RSxJQUFJLENBQUMsU0FBUyxDQUNmLENBQUM7SUFFRixJQUFJLGFBQWEsQ0FBQyxNQUFNLEtBQUssQ0FBQyxFQUFFLENBQUM7UUFDL0IsT0FBTyxJQUFJLENBQUM7SUFDZCxDQUFDO0lBRUQsTUFBTSxhQUFhLEdBQUcsYUFBYSxDQUFDLENBQUMsQ0FBQyxDQUFDLEtBQUssQ0FBQyxLQUFLLENBQUMsSUFBSSxDQUFDO0lBQ3hELE1BQU0sV0FBVyxHQUFHLGFBQWEsQ0FBQyxhQUFhLENBQUMsTUFBTSxHQUFHLENBQUMsQ0FBQyxDQUFDLEtBQUssQ0FBQyxHQUFHLENBQUMsSUFBSSxDQUFDO0lBRTNFLE9BQU87UUFDTCxLQUFLLEVBQUUsYUFBYSxDQUFDLEdBQUcsQ0FBQyxDQUFDLElBQUksRUFBRSxFQUFFLENBQUMsSUFBSSxDQUFDLE9BQU8sQ0FBQyxDQUFDLElBQUksQ0FBQyxHQUFHLENBQUM7UUFDMUQsYUFBYTtRQUNiLFdBQVc7S0FDWixDQUFDO0FBQ0osQ0FBQztBQWpERCxvREFpREM7QUFFRCxTQUFnQixzQkFBc0IsQ0FDcEMsS0FBYSxFQUNiLEtBQXVDLEVBQ3ZDLGNBQXlCO0lBRXpCLElBQUksQ0FBQyxLQUFLLEVBQUUsQ0FBQztRQUNYLE9BQU8sRUFBRSxDQUFDO0lBQ1osQ0FBQztJQUVELFFBQVEsS0FBSyxDQUFDLElBQUksRUFBRSxDQUFDO1FBQ25CLEtBQUssZ0JBQWdCLENBQUMsQ0FBQyxDQUFDO1lBQ3RCLDBDQUEwQztZQUMxQyw4REFBOEQ7WUFDOUQsTUFBTSxTQUFTLEdBQUcsb0JBQW9CLENBQUMsS0FBSyxFQUFFLGNBQWMsQ0FBQyxDQUFDO1lBQzlELElBQUksU0FBUztnQkFBRSxPQUFPLENBQUMsU0FBUyxDQUFDLENBQUM7WUFDbEMsT0FBTyxFQUFFLENBQUM7UUFDWixDQUFDO1FBRUQsS0FBSyxLQUFLLENBQUMsQ0FBQyxDQUFDO1lBQ1gsTUFBTSxJQUFJLEdBQUcsS0FBSyxDQUFDLElBQXlCLENBQUM7WUFDN0MsTUFBTSx3QkFBd0IsR0FBRztnQkFDL0IsSUFBSSxDQUFDLE1BQU07Z0JBQ1gsSUFBSSxDQUFDLE1BQU07Z0JBQ1gsR0FBRyxDQUFDLGNBQWMsSUFBSSxFQUFFLENBQUM7YUFDMUIsQ0FBQztZQUVGLE9BQU87Z0JBQ0wsR0FBRyxzQkFBc0IsQ0FDdkIsS0FBSyxFQUNMLElBQUEsK0JBQWlCLEVBQUMsS0FBSyxFQUFFLElBQUksQ0FBQyxvQkFBb0IsQ0FBQyxFQUNuRCx3QkFBd0IsQ0FDekI7Z0JBQ0QsR0FBRyxzQkFBc0IsQ0FDdkIsS0FBSyxFQUNMLElBQUEsK0JBQWlCLEVBQUMsS0FBSyxFQUFFLElBQUksQ0FBQyxxQkFBcUIsQ0FBQyxFQUNwRCx3QkFBd0IsQ0FDekI7YUFDRixDQUFDO1FBQ0osQ0FBQztRQUNEO1lBQ0UsT0FBTyxLQUFLLENBQUMsUUFBUTtpQkFDbEIsR0FBRyxDQUFDLENBQUMsS0FBSyxFQUFFLEVBQUUsQ0FBQyxzQkFBc0IsQ0FBQyxLQUFLLEVBQUUsS0FBSyxFQUFFLGNBQWMsQ0FBQyxDQUFDO2lCQUNwRSxJQUFJLEVBQUUsQ0FBQztJQUNkLENBQUM7QUFDSCxDQUFDO0FBNUNELHdEQTRDQyIsInNvdXJjZXNDb250ZW50IjpbIi8vIENvcHlyaWdodCAoYykgSGFzaGlDb3JwLCBJbmNcbi8vIFNQRFgtTGljZW5zZS1JZGVudGlmaWVyOiBNUEwtMi4wXG5cbmltcG9ydCB7XG4gIEV4cHJlc3Npb25Bc3QsXG4gIFNjb3BlVHJhdmVyc2FsRXhwcmVzc2lvbk1ldGEsXG4gIFRlcnJhZm9ybVRyYXZlcnNhbFBhcnQsXG4gIEZvckV4cHJlc3Npb25NZXRhLFxuICBnZXRDaGlsZFdpdGhWYWx1ZSxcbn0gZnJvbSBcIi4vc3ludGF4LXRyZWVcIjtcblxuZXhwb3J0IHR5cGUgUmVmZXJlbmNlID0ge1xuICB2YWx1ZTogc3RyaW5nO1xuICBzdGFydFBvc2l0aW9uOiBudW1iZXI7XG4gIGVuZFBvc2l0aW9uOiBudW1iZXI7XG59O1xuXG5leHBvcnQgZnVuY3Rpb24gdHJhdmVyc2FsVG9SZWZlcmVuY2UoXG4gIHRyYXZlcnNhbEV4cHJlc3Npb246IEV4cHJlc3Npb25Bc3QsXG4gIGxvY2FsVmFyaWFibGVzPzogc3RyaW5nW10sXG4pOiBSZWZlcmVuY2UgfCBudWxsIHtcbiAgY29uc3QgbWV0YSA9IHRyYXZlcnNhbEV4cHJlc3Npb24ubWV0YSBhcyBTY29wZVRyYXZlcnNhbEV4cHJlc3Npb25NZXRhO1xuXG4gIC8vIFdlIGRvIG5vdCB3YW50IHRvIGluY2x1ZGUgcHJvcGVydHkgYWNjZXNzIHRocm91Z2ggYnJhY2tldHMgaGVyZVxuICAvLyBhbHRob3VnaCBpdCBpcyB0ZWNobmljYWxseSBhIHRyYXZlcnNhbCAvIHJlZmVyZW5jZVxuICBmdW5jdGlvbiBvbmx5VGFrZVRyYXZlcnNhbFBhcnRzVW50aWxGaXJzdEJyYWNrZXRQcm9wZXJ0eUFjY2VzcyhcbiAgICB0cmF2ZXJzYWxzOiBUZXJyYWZvcm1UcmF2ZXJzYWxQYXJ0W10sXG4gICkge1xuICAgIGNvbnN0IGZpbHRlcmVkID0gW107XG4gICAgY29uc3QgaW5kZXggPSAwO1xuXG4gICAgZm9yIChjb25zdCB0cmF2ZXJzYWwgb2YgdHJhdmVyc2Fscykge1xuICAgICAgaWYgKFwic2VnbWVudFwiIGluIHRyYXZlcnNhbCkge1xuICAgICAgICBpZiAoaW5kZXggPT09IDApIHtcbiAgICAgICAgICAvLyBXZSBhcmUgYXQgdGhlIGZpcnN0IHRyYXZlcnNhbCwgY2hlY2sgaWYgaXQgaXMgYSBsb2NhbCB2YXJpYWJsZVxuICAgICAgICAgIGlmIChsb2NhbFZhcmlhYmxlcz8uaW5jbHVkZXModHJhdmVyc2FsLnNlZ21lbnQpKSB7XG4gICAgICAgICAgICAvLyBXZSByZWFjaGVkIGEgbG9jYWwgdmFyaWFibGUsIHN0b3BcbiAgICAgICAgICAgIHJldHVybiBbXTtcbiAgICAgICAgICB9XG4gICAgICAgIH1cbiAgICAgICAgZmlsdGVyZWQucHVzaCh0cmF2ZXJzYWwpO1xuICAgICAgfSBlbHNlIHtcbiAgICAgICAgLy8gV2UgcmVhY2hlZCBhIGJyYWNrZXQsIHN0b3BcbiAgICAgICAgcmV0dXJuIGZpbHRlcmVkO1xuICAgICAgfVxuICAgIH1cblxuICAgIHJldHVybiBmaWx0ZXJlZDtcbiAgfVxuXG4gIGNvbnN0IGZpbHRlcmVkUGFydHMgPSBvbmx5VGFrZVRyYXZlcnNhbFBhcnRzVW50aWxGaXJzdEJyYWNrZXRQcm9wZXJ0eUFjY2VzcyhcbiAgICBtZXRhLnRyYXZlcnNhbCxcbiAgKTtcblxuICBpZiAoZmlsdGVyZWRQYXJ0cy5sZW5ndGggPT09IDApIHtcbiAgICByZXR1cm4gbnVsbDtcbiAgfVxuXG4gIGNvbnN0IHN0YXJ0UG9zaXRpb24gPSBmaWx0ZXJlZFBhcnRzWzBdLnJhbmdlLnN0YXJ0LmJ5dGU7XG4gIGNvbnN0IGVuZFBvc2l0aW9uID0gZmlsdGVyZWRQYXJ0c1tmaWx0ZXJlZFBhcnRzLmxlbmd0aCAtIDFdLnJhbmdlLmVuZC5ieXRlO1xuXG4gIHJldHVybiB7XG4gICAgdmFsdWU6IGZpbHRlcmVkUGFydHMubWFwKChwYXJ0KSA9PiBwYXJ0LnNlZ21lbnQpLmpvaW4oXCIuXCIpLFxuICAgIHN0YXJ0UG9zaXRpb24sXG4gICAgZW5kUG9zaXRpb24sXG4gIH07XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBmaW5kQWxsUmVmZXJlbmNlc0luQXN0KFxuICBpbnB1dDogc3RyaW5nLFxuICBlbnRyeTogRXhwcmVzc2lvbkFzdCB8IHVuZGVmaW5lZCB8IG51bGwsXG4gIGxvY2FsVmFyaWFibGVzPzogc3RyaW5nW10sXG4pOiBSZWZlcmVuY2VbXSB7XG4gIGlmICghZW50cnkpIHtcbiAgICByZXR1cm4gW107XG4gIH1cblxuICBzd2l0Y2ggKGVudHJ5LnR5cGUpIHtcbiAgICBjYXNlIFwic2NvcGVUcmF2ZXJzYWxcIjoge1xuICAgICAgLy8gRm9yIHRyYXZlcnNhbHMgd2l0aGluIGEgZm9yIGV4cHJlc3Npb24sXG4gICAgICAvLyB3ZSB3YW50IHRvIGlnbm9yZSB0aGUgbG9jYWwgdmFyaWFibGVzIG9mIHRoZSBmb3IgZXhwcmVzc2lvblxuICAgICAgY29uc3QgcmVmZXJlbmNlID0gdHJhdmVyc2FsVG9SZWZlcmVuY2UoZW50cnksIGxvY2FsVmFyaWFibGVzKTtcbiAgICAgIGlmIChyZWZlcmVuY2UpIHJldHVybiBbcmVmZXJlbmNlXTtcbiAgICAgIHJldHVybiBbXTtcbiAgICB9XG5cbiAgICBjYXNlIFwiZm9yXCI6IHtcbiAgICAgIGNvbnN0IG1ldGEgPSBlbnRyeS5tZXRhIGFzIEZvckV4cHJlc3Npb25NZXRhO1xuICAgICAgY29uc3QgYWRkaXRpb25hbExvY2FsVmFyaWFibGVzID0gW1xuICAgICAgICBtZXRhLmtleVZhcixcbiAgICAgICAgbWV0YS52YWxWYXIsXG4gICAgICAgIC4uLihsb2NhbFZhcmlhYmxlcyB8fCBbXSksXG4gICAgICBdO1xuXG4gICAgICByZXR1cm4gW1xuICAgICAgICAuLi5maW5kQWxsUmVmZXJlbmNlc0luQXN0KFxuICAgICAgICAgIGlucHV0LFxuICAgICAgICAgIGdldENoaWxkV2l0aFZhbHVlKGVudHJ5LCBtZXRhLmNvbGxlY3Rpb25FeHByZXNzaW9uKSxcbiAgICAgICAgICBhZGRpdGlvbmFsTG9jYWxWYXJpYWJsZXMsXG4gICAgICAgICksXG4gICAgICAgIC4uLmZpbmRBbGxSZWZlcmVuY2VzSW5Bc3QoXG4gICAgICAgICAgaW5wdXQsXG4gICAgICAgICAgZ2V0Q2hpbGRXaXRoVmFsdWUoZW50cnksIG1ldGEuY29uZGl0aW9uYWxFeHByZXNzaW9uKSxcbiAgICAgICAgICBhZGRpdGlvbmFsTG9jYWxWYXJpYWJsZXMsXG4gICAgICAgICksXG4gICAgICBdO1xuICAgIH1cbiAgICBkZWZhdWx0OlxuICAgICAgcmV0dXJuIGVudHJ5LmNoaWxkcmVuXG4gICAgICAgIC5tYXAoKGNoaWxkKSA9PiBmaW5kQWxsUmVmZXJlbmNlc0luQXN0KGlucHV0LCBjaGlsZCwgbG9jYWxWYXJpYWJsZXMpKVxuICAgICAgICAuZmxhdCgpO1xuICB9XG59XG4iXX0=

/***/ }),

/***/ 10895:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getChildWithValue = exports.isIndexTraversalPart = exports.isNameTraversalPart = exports.isObjectExpression = exports.isTupleExpression = exports.isBinaryOpExpression = exports.isUnaryOpExpression = exports.isConditionalExpression = exports.isSplatExpression = exports.isIndexExpression = exports.isLiteralValueExpression = exports.isRelativeTraversalExpression = exports.isScopeTraversalExpression = exports.isFunctionCallExpression = exports.isTemplateExpression = exports.isTemplateWrapExpression = exports.isForExpression = void 0;
function isForExpression(ast) {
    return ast.type === "for";
}
exports.isForExpression = isForExpression;
function isTemplateWrapExpression(ast) {
    return ast.type === "templateWrap";
}
exports.isTemplateWrapExpression = isTemplateWrapExpression;
function isTemplateExpression(ast) {
    return ast.type === "template";
}
exports.isTemplateExpression = isTemplateExpression;
function isFunctionCallExpression(ast) {
    return ast.type === "function";
}
exports.isFunctionCallExpression = isFunctionCallExpression;
function isScopeTraversalExpression(ast) {
    return ast.type === "scopeTraversal";
}
exports.isScopeTraversalExpression = isScopeTraversalExpression;
function isRelativeTraversalExpression(ast) {
    return ast.type === "relativeTraversal";
}
exports.isRelativeTraversalExpression = isRelativeTraversalExpression;
function isLiteralValueExpression(ast) {
    return ast.type === "literalValue";
}
exports.isLiteralValueExpression = isLiteralValueExpression;
function isIndexExpression(ast) {
    return ast.type === "index";
}
exports.isIndexExpression = isIndexExpression;
function isSplatExpression(ast) {
    return ast.type === "splat";
}
exports.isSplatExpression = isSplatExpression;
function isConditionalExpression(ast) {
    return ast.type === "conditional";
}
exports.isConditionalExpression = isConditionalExpression;
function isUnaryOpExpression(ast) {
    return ast.type === "unaryOp";
}
exports.isUnaryOpExpression = isUnaryOpExpression;
function isBinaryOpExpression(ast) {
    return ast.type === "binaryOp";
}
exports.isBinaryOpExpression = isBinaryOpExpression;
function isTupleExpression(ast) {
    return ast.type === "tuple";
}
exports.isTupleExpression = isTupleExpression;
function isObjectExpression(part) {
    return part.type === "object";
}
exports.isObjectExpression = isObjectExpression;
function isNameTraversalPart(part) {
    return part.type === "nameTraversal";
}
exports.isNameTraversalPart = isNameTraversalPart;
function isIndexTraversalPart(part) {
    return part.type === "indexTraversal";
}
exports.isIndexTraversalPart = isIndexTraversalPart;
function getChildWithValue(node, value) {
    if (!node.children) {
        return null;
    }
    return node.children.find((child) => {
        if (!child.meta)
            return false;
        return child.meta.value === value;
    });
}
exports.getChildWithValue = getChildWithValue;
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoic3ludGF4LXRyZWUuanMiLCJzb3VyY2VSb290IjoiIiwic291cmNlcyI6WyIuLi9zcmMvc3ludGF4LXRyZWUudHMiXSwibmFtZXMiOltdLCJtYXBwaW5ncyI6Ijs7O0FBNE5BLFNBQWdCLGVBQWUsQ0FBQyxHQUFtQjtJQUNqRCxPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssS0FBSyxDQUFDO0FBQzVCLENBQUM7QUFGRCwwQ0FFQztBQUVELFNBQWdCLHdCQUF3QixDQUN0QyxHQUFtQjtJQUVuQixPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssY0FBYyxDQUFDO0FBQ3JDLENBQUM7QUFKRCw0REFJQztBQUVELFNBQWdCLG9CQUFvQixDQUNsQyxHQUFtQjtJQUVuQixPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssVUFBVSxDQUFDO0FBQ2pDLENBQUM7QUFKRCxvREFJQztBQUVELFNBQWdCLHdCQUF3QixDQUN0QyxHQUFtQjtJQUVuQixPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssVUFBVSxDQUFDO0FBQ2pDLENBQUM7QUFKRCw0REFJQztBQUVELFNBQWdCLDBCQUEwQixDQUN4QyxHQUFtQjtJQUVuQixPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssZ0JBQWdCLENBQUM7QUFDdkMsQ0FBQztBQUpELGdFQUlDO0FBRUQsU0FBZ0IsNkJBQTZCLENBQzNDLEdBQW1CO0lBRW5CLE9BQU8sR0FBRyxDQUFDLElBQUksS0FBSyxtQkFBbUIsQ0FBQztBQUMxQyxDQUFDO0FBSkQsc0VBSUM7QUFFRCxTQUFnQix3QkFBd0IsQ0FDdEMsR0FBbUI7SUFFbkIsT0FBTyxHQUFHLENBQUMsSUFBSSxLQUFLLGNBQWMsQ0FBQztBQUNyQyxDQUFDO0FBSkQsNERBSUM7QUFFRCxTQUFnQixpQkFBaUIsQ0FBQyxHQUFtQjtJQUNuRCxPQUFPLEdBQUcsQ0FBQyxJQUFJLEtBQUssT0FBTyxDQUFDO0FBQzlCLENBQUM7QUFGRCw4Q0FFQztBQUVELFNBQWdCLGlCQUFpQixDQUFDLEdBQW1CO0lBQ25ELE9BQU8sR0FBRyxDQUFDLElBQUksS0FBSyxPQUFPLENBQUM7QUFDOUIsQ0FBQztBQUZELDhDQUVDO0FBRUQsU0FBZ0IsdUJBQXVCLENBQ3JDLEdBQW1CO0lBRW5CLE9BQU8sR0FBRyxDQUFDLElBQUksS0FBSyxhQUFhLENBQUM7QUFDcEMsQ0FBQztBQUpELDBEQUlDO0FBRUQsU0FBZ0IsbUJBQW1CLENBQ2pDLEdBQW1CO0lBRW5CLE9BQU8sR0FBRyxDQUFDLElBQUksS0FBSyxTQUFTLENBQUM7QUFDaEMsQ0FBQztBQUpELGtEQUlDO0FBRUQsU0FBZ0Isb0JBQW9CLENBQ2xDLEdBQW1CO0lBRW5CLE9BQU8sR0FBRyxDQUFDLElBQUksS0FBSyxVQUFVLENBQUM7QUFDakMsQ0FBQztBQUpELG9EQUlDO0FBRUQsU0FBZ0IsaUJBQWlCLENBQUMsR0FBbUI7SUFDbkQsT0FBTyxHQUFHLENBQUMsSUFBSSxLQUFLLE9BQU8sQ0FBQztBQUM5QixDQUFDO0FBRkQsOENBRUM7QUFFRCxTQUFnQixrQkFBa0IsQ0FDaEMsSUFBb0I7SUFFcEIsT0FBTyxJQUFJLENBQUMsSUFBSSxLQUFLLFFBQVEsQ0FBQztBQUNoQyxDQUFDO0FBSkQsZ0RBSUM7QUFFRCxTQUFnQixtQkFBbUIsQ0FDakMsSUFBNEI7SUFFNUIsT0FBTyxJQUFJLENBQUMsSUFBSSxLQUFLLGVBQWUsQ0FBQztBQUN2QyxDQUFDO0FBSkQsa0RBSUM7QUFFRCxTQUFnQixvQkFBb0IsQ0FDbEMsSUFBNEI7SUFFNUIsT0FBTyxJQUFJLENBQUMsSUFBSSxLQUFLLGdCQUFnQixDQUFDO0FBQ3hDLENBQUM7QUFKRCxvREFJQztBQUVELFNBQWdCLGlCQUFpQixDQUFDLElBQW1CLEVBQUUsS0FBYTtJQUNsRSxJQUFJLENBQUMsSUFBSSxDQUFDLFFBQVEsRUFBRSxDQUFDO1FBQ25CLE9BQU8sSUFBSSxDQUFDO0lBQ2QsQ0FBQztJQUVELE9BQU8sSUFBSSxDQUFDLFFBQVEsQ0FBQyxJQUFJLENBQUMsQ0FBQyxLQUFLLEVBQUUsRUFBRTtRQUNsQyxJQUFJLENBQUMsS0FBSyxDQUFDLElBQUk7WUFBRSxPQUFPLEtBQUssQ0FBQztRQUM5QixPQUFPLEtBQUssQ0FBQyxJQUFJLENBQUMsS0FBSyxLQUFLLEtBQUssQ0FBQztJQUNwQyxDQUFDLENBQUMsQ0FBQztBQUNMLENBQUM7QUFURCw4Q0FTQyIsInNvdXJjZXNDb250ZW50IjpbIi8qKlxuICogQ29weXJpZ2h0IChjKSBIYXNoaUNvcnAsIEluYy5cbiAqIFNQRFgtTGljZW5zZS1JZGVudGlmaWVyOiBNUEwtMi4wXG4gKi9cbmV4cG9ydCB0eXBlIENvZGVNYXJrZXIgPSB7XG4gIGJ5dGU6IG51bWJlcjtcbiAgbGluZTogbnVtYmVyO1xuICBjb2x1bW46IG51bWJlcjtcbn07XG5cbmV4cG9ydCB0eXBlIENvZGVSYW5nZSA9IHtcbiAgZW5kOiBDb2RlTWFya2VyO1xuICBzdGFydDogQ29kZU1hcmtlcjtcbn07XG5cbmV4cG9ydCB0eXBlIFRlcnJhZm9ybVRyYXZlcnNhbFBhcnRDb21tb24gPSB7XG4gIHNlZ21lbnQ6IHN0cmluZztcbiAgcmFuZ2U6IENvZGVSYW5nZTtcbn07XG5cbmV4cG9ydCB0eXBlIFRlcnJhZm9ybU5hbWVUcmF2ZXJzYWxQYXJ0ID0gVGVycmFmb3JtVHJhdmVyc2FsUGFydENvbW1vbiAmIHtcbiAgdHlwZTogXCJuYW1lVHJhdmVyc2FsXCI7XG59O1xuZXhwb3J0IHR5cGUgVGVycmFmb3JtSW5kZXhUcmF2ZXJzYWxQYXJ0ID0gVGVycmFmb3JtVHJhdmVyc2FsUGFydENvbW1vbiAmIHtcbiAgdHlwZTogXCJpbmRleFRyYXZlcnNhbFwiO1xufTtcblxuZXhwb3J0IHR5cGUgVGVycmFmb3JtVHJhdmVyc2FsUGFydCA9XG4gIHwgVGVycmFmb3JtTmFtZVRyYXZlcnNhbFBhcnRcbiAgfCBUZXJyYWZvcm1JbmRleFRyYXZlcnNhbFBhcnQ7XG5cbi8vIEV4cHJlc3Npb24gTWV0YSBUeXBlc1xuZXhwb3J0IHR5cGUgRXhwcmVzc2lvbk1ldGEgPSB7XG4gIHZhbHVlOiBzdHJpbmc7XG59O1xuXG5leHBvcnQgdHlwZSBGb3JFeHByZXNzaW9uTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBrZXlWYXI6IHN0cmluZztcbiAgdmFsVmFyOiBzdHJpbmc7XG4gIGNvbGxlY3Rpb25FeHByZXNzaW9uOiBzdHJpbmc7XG4gIGNvbmRpdGlvbmFsRXhwcmVzc2lvbjogc3RyaW5nO1xuICB2YWx1ZUV4cHJlc3Npb246IHN0cmluZztcbiAga2V5RXhwcmVzc2lvbjogc3RyaW5nO1xuICBncm91cGVkVmFsdWU6IGJvb2xlYW47XG4gIG9wZW5SYW5nZTogQ29kZVJhbmdlO1xuICBvcGVuUmFuZ2VWYWx1ZTogc3RyaW5nO1xuICBjbG9zZVJhbmdlOiBDb2RlUmFuZ2U7XG4gIGNsb3NlUmFuZ2VWYWx1ZTogc3RyaW5nO1xufTtcblxuZXhwb3J0IHR5cGUgRnVuY3Rpb25DYWxsTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBuYW1lOiBzdHJpbmc7XG4gIGV4cGFuZGVkRmluYWxBcmd1bWVudDogc3RyaW5nO1xuICBuYW1lUmFuZ2U6IENvZGVSYW5nZTtcbiAgb3BlblBhcmVuUmFuZ2U6IENvZGVSYW5nZTtcbiAgY2xvc2VQYXJlblJhbmdlOiBDb2RlUmFuZ2U7XG4gIGFyZ3NSYW5nZXM6IENvZGVSYW5nZVtdO1xufTtcblxuZXhwb3J0IHR5cGUgU2NvcGVUcmF2ZXJzYWxFeHByZXNzaW9uTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBmdWxsQWNjZXNzb3I6IHN0cmluZztcbiAgdHJhdmVyc2FsOiBUZXJyYWZvcm1UcmF2ZXJzYWxQYXJ0W107XG59O1xuXG5leHBvcnQgdHlwZSBSZWxhdGl2ZVRyYXZlcnNhbEV4cHJlc3Npb25NZXRhID0gRXhwcmVzc2lvbk1ldGEgJiB7XG4gIGZ1bGxBY2Nlc3Nvcjogc3RyaW5nO1xuICB0cmF2ZXJzYWw6IFRlcnJhZm9ybVRyYXZlcnNhbFBhcnRbXTtcbiAgc291cmNlRXhwcmVzc2lvbjogc3RyaW5nO1xufTtcblxuZXhwb3J0IHR5cGUgTGl0ZXJhbFZhbHVlRXhwcmVzc2lvbk1ldGEgPSBFeHByZXNzaW9uTWV0YSAmIHtcbiAgdHlwZTogc3RyaW5nO1xufTtcblxuZXhwb3J0IHR5cGUgSW5kZXhFeHByZXNzaW9uTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBrZXlFeHByZXNzaW9uOiBzdHJpbmc7XG4gIGNvbGxlY3Rpb25FeHByZXNzaW9uOiBzdHJpbmc7XG59O1xuXG5leHBvcnQgdHlwZSBTcGxhdEV4cHJlc3Npb25NZXRhID0gRXhwcmVzc2lvbk1ldGEgJiB7XG4gIHNvdXJjZUV4cHJlc3Npb246IHN0cmluZztcbiAgZWFjaEV4cHJlc3Npb246IHN0cmluZztcbiAgYW5vblN5bWJvbEV4cHJlc3Npb246IHN0cmluZztcbiAgbWFya2VyUmFuZ2U6IENvZGVSYW5nZTtcbn07XG5cbmV4cG9ydCB0eXBlIENvbmRpdGlvbmFsRXhwcmVzc2lvbk1ldGEgPSBFeHByZXNzaW9uTWV0YSAmIHtcbiAgY29uZGl0aW9uRXhwcmVzc2lvbjogc3RyaW5nO1xuICB0cnVlRXhwcmVzc2lvbjogc3RyaW5nO1xuICBmYWxzZUV4cHJlc3Npb246IHN0cmluZztcbn07XG5cbmV4cG9ydCB0eXBlIFVuYXJ5T3BFeHByZXNzaW9uTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBvcGVyYXRvcjogc3RyaW5nO1xuICB2YWx1ZUV4cHJlc3Npb246IHN0cmluZztcbiAgc3ltYm9sUmFuZ2U6IENvZGVSYW5nZTtcbiAgcmV0dXJuVHlwZTogc3RyaW5nO1xufTtcblxuZXhwb3J0IHR5cGUgQmluYXJ5T3BFeHByZXNzaW9uTWV0YSA9IEV4cHJlc3Npb25NZXRhICYge1xuICBvcGVyYXRvcjogc3RyaW5nO1xuICByZXR1cm5UeXBlOiBzdHJpbmc7XG4gIGxoc0V4cHJlc3Npb246IHN0cmluZztcbiAgcmhzRXhwcmVzc2lvbjogc3RyaW5nO1xufTtcblxuZXhwb3J0IHR5cGUgT2JqZWN0RXhwcmVzc2lvbk1ldGEgPSBFeHByZXNzaW9uTWV0YSAmIHtcbiAgaXRlbXM6IFJlY29yZDxzdHJpbmcsIHN0cmluZz47XG59O1xuXG5leHBvcnQgdHlwZSBNZXRhVHlwZSA9XG4gIHwgRXhwcmVzc2lvbk1ldGFcbiAgfCBTY29wZVRyYXZlcnNhbEV4cHJlc3Npb25NZXRhXG4gIHwgRm9yRXhwcmVzc2lvbk1ldGFcbiAgfCBGdW5jdGlvbkNhbGxNZXRhXG4gIHwgUmVsYXRpdmVUcmF2ZXJzYWxFeHByZXNzaW9uTWV0YVxuICB8IExpdGVyYWxWYWx1ZUV4cHJlc3Npb25NZXRhXG4gIHwgSW5kZXhFeHByZXNzaW9uTWV0YVxuICB8IFNwbGF0RXhwcmVzc2lvbk1ldGFcbiAgfCBDb25kaXRpb25hbEV4cHJlc3Npb25NZXRhXG4gIHwgVW5hcnlPcEV4cHJlc3Npb25NZXRhXG4gIHwgQmluYXJ5T3BFeHByZXNzaW9uTWV0YVxuICB8IE9iamVjdEV4cHJlc3Npb25NZXRhO1xuXG5leHBvcnQgdHlwZSBDb21tb25FeHByZXNzaW9uQXN0ID0ge1xuICBjaGlsZHJlbjogRXhwcmVzc2lvblR5cGVbXTtcbiAgcmFuZ2U6IENvZGVSYW5nZTtcbn07XG5cbmV4cG9ydCB0eXBlIEV4cHJlc3Npb25Bc3QgPSBDb21tb25FeHByZXNzaW9uQXN0ICYge1xuICB0eXBlOiBzdHJpbmc7XG4gIG1ldGE6IE1ldGFUeXBlO1xufTtcblxuZXhwb3J0IHR5cGUgVGVtcGxhdGVXcmFwRXhwcmVzc2lvbiA9IENvbW1vbkV4cHJlc3Npb25Bc3QgJiB7XG4gIHR5cGU6IFwidGVtcGxhdGVXcmFwXCI7XG4gIG1ldGE6IEV4cHJlc3Npb25NZXRhOyAvLyBEb2Vzbid0IGhhdmUgYW55IHNwZWNpYWwgbWV0YSBhdHRyaWJ1dGVzXG59O1xuXG5leHBvcnQgdHlwZSBUZW1wbGF0ZUV4cHJlc3Npb24gPSBDb21tb25FeHByZXNzaW9uQXN0ICYge1xuICB0eXBlOiBcInRlbXBsYXRlXCI7XG4gIG1ldGE6IEV4cHJlc3Npb25NZXRhOyAvLyBEb2Vzbid0IGhhdmUgYW55IHNwZWNpYWwgbWV0YSBhdHRyaWJ1dGVzXG59O1xuXG5leHBvcnQgdHlwZSBUdXBsZUV4cHJlc3Npb24gPSBDb21tb25FeHByZXNzaW9uQXN0ICYge1xuICB0eXBlOiBcInR1cGxlXCI7XG4gIG1ldGE6IEV4cHJlc3Npb25NZXRhOyAvLyBEb2Vzbid0IGhhdmUgYW55IHNwZWNpYWwgbWV0YSBhdHRyaWJ1dGVzXG59O1xuXG5leHBvcnQgdHlwZSBGb3JFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJmb3JcIjtcbiAgbWV0YTogRm9yRXhwcmVzc2lvbk1ldGE7XG59O1xuXG5leHBvcnQgdHlwZSBGdW5jdGlvbkNhbGxFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJmdW5jdGlvblwiO1xuICBtZXRhOiBGdW5jdGlvbkNhbGxNZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgU2NvcGVUcmF2ZXJzYWxFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJzY29wZVRyYXZlcnNhbFwiO1xuICBtZXRhOiBTY29wZVRyYXZlcnNhbEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgUmVsYXRpdmVUcmF2ZXJzYWxFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJyZWxhdGl2ZVRyYXZlcnNhbFwiO1xuICBtZXRhOiBSZWxhdGl2ZVRyYXZlcnNhbEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgTGl0ZXJhbFZhbHVlRXhwcmVzc2lvbiA9IENvbW1vbkV4cHJlc3Npb25Bc3QgJiB7XG4gIHR5cGU6IFwibGl0ZXJhbFZhbHVlXCI7XG4gIG1ldGE6IExpdGVyYWxWYWx1ZUV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgSW5kZXhFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJpbmRleFwiO1xuICBtZXRhOiBJbmRleEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgU3BsYXRFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJzcGxhdFwiO1xuICBtZXRhOiBTcGxhdEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgQ29uZGl0aW9uYWxFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJjb25kaXRpb25hbFwiO1xuICBtZXRhOiBDb25kaXRpb25hbEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgVW5hcnlPcEV4cHJlc3Npb24gPSBDb21tb25FeHByZXNzaW9uQXN0ICYge1xuICB0eXBlOiBcInVuYXJ5T3BcIjtcbiAgbWV0YTogVW5hcnlPcEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgQmluYXJ5T3BFeHByZXNzaW9uID0gQ29tbW9uRXhwcmVzc2lvbkFzdCAmIHtcbiAgdHlwZTogXCJiaW5hcnlPcFwiO1xuICBtZXRhOiBCaW5hcnlPcEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgT2JqZWN0RXhwcmVzc2lvbiA9IENvbW1vbkV4cHJlc3Npb25Bc3QgJiB7XG4gIHR5cGU6IFwib2JqZWN0XCI7XG4gIG1ldGE6IE9iamVjdEV4cHJlc3Npb25NZXRhO1xufTtcblxuZXhwb3J0IHR5cGUgRXhwcmVzc2lvblR5cGUgPVxuICB8IEZvckV4cHJlc3Npb25cbiAgfCBUZW1wbGF0ZVdyYXBFeHByZXNzaW9uXG4gIHwgVGVtcGxhdGVFeHByZXNzaW9uXG4gIHwgRnVuY3Rpb25DYWxsRXhwcmVzc2lvblxuICB8IFR1cGxlRXhwcmVzc2lvblxuICB8IFNjb3BlVHJhdmVyc2FsRXhwcmVzc2lvblxuICB8IFJlbGF0aXZlVHJhdmVyc2FsRXhwcmVzc2lvblxuICB8IExpdGVyYWxWYWx1ZUV4cHJlc3Npb25cbiAgfCBJbmRleEV4cHJlc3Npb25cbiAgfCBTcGxhdEV4cHJlc3Npb25cbiAgfCBDb25kaXRpb25hbEV4cHJlc3Npb25cbiAgfCBVbmFyeU9wRXhwcmVzc2lvblxuICB8IEJpbmFyeU9wRXhwcmVzc2lvblxuICB8IE9iamVjdEV4cHJlc3Npb247XG5cbmV4cG9ydCBmdW5jdGlvbiBpc0ZvckV4cHJlc3Npb24oYXN0OiBFeHByZXNzaW9uVHlwZSk6IGFzdCBpcyBGb3JFeHByZXNzaW9uIHtcbiAgcmV0dXJuIGFzdC50eXBlID09PSBcImZvclwiO1xufVxuXG5leHBvcnQgZnVuY3Rpb24gaXNUZW1wbGF0ZVdyYXBFeHByZXNzaW9uKFxuICBhc3Q6IEV4cHJlc3Npb25UeXBlLFxuKTogYXN0IGlzIFRlbXBsYXRlV3JhcEV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwidGVtcGxhdGVXcmFwXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc1RlbXBsYXRlRXhwcmVzc2lvbihcbiAgYXN0OiBFeHByZXNzaW9uVHlwZSxcbik6IGFzdCBpcyBUZW1wbGF0ZUV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwidGVtcGxhdGVcIjtcbn1cblxuZXhwb3J0IGZ1bmN0aW9uIGlzRnVuY3Rpb25DYWxsRXhwcmVzc2lvbihcbiAgYXN0OiBFeHByZXNzaW9uVHlwZSxcbik6IGFzdCBpcyBGdW5jdGlvbkNhbGxFeHByZXNzaW9uIHtcbiAgcmV0dXJuIGFzdC50eXBlID09PSBcImZ1bmN0aW9uXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc1Njb3BlVHJhdmVyc2FsRXhwcmVzc2lvbihcbiAgYXN0OiBFeHByZXNzaW9uVHlwZSxcbik6IGFzdCBpcyBTY29wZVRyYXZlcnNhbEV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwic2NvcGVUcmF2ZXJzYWxcIjtcbn1cblxuZXhwb3J0IGZ1bmN0aW9uIGlzUmVsYXRpdmVUcmF2ZXJzYWxFeHByZXNzaW9uKFxuICBhc3Q6IEV4cHJlc3Npb25UeXBlLFxuKTogYXN0IGlzIFJlbGF0aXZlVHJhdmVyc2FsRXhwcmVzc2lvbiB7XG4gIHJldHVybiBhc3QudHlwZSA9PT0gXCJyZWxhdGl2ZVRyYXZlcnNhbFwiO1xufVxuXG5leHBvcnQgZnVuY3Rpb24gaXNMaXRlcmFsVmFsdWVFeHByZXNzaW9uKFxuICBhc3Q6IEV4cHJlc3Npb25UeXBlLFxuKTogYXN0IGlzIExpdGVyYWxWYWx1ZUV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwibGl0ZXJhbFZhbHVlXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc0luZGV4RXhwcmVzc2lvbihhc3Q6IEV4cHJlc3Npb25UeXBlKTogYXN0IGlzIEluZGV4RXhwcmVzc2lvbiB7XG4gIHJldHVybiBhc3QudHlwZSA9PT0gXCJpbmRleFwiO1xufVxuXG5leHBvcnQgZnVuY3Rpb24gaXNTcGxhdEV4cHJlc3Npb24oYXN0OiBFeHByZXNzaW9uVHlwZSk6IGFzdCBpcyBTcGxhdEV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwic3BsYXRcIjtcbn1cblxuZXhwb3J0IGZ1bmN0aW9uIGlzQ29uZGl0aW9uYWxFeHByZXNzaW9uKFxuICBhc3Q6IEV4cHJlc3Npb25UeXBlLFxuKTogYXN0IGlzIENvbmRpdGlvbmFsRXhwcmVzc2lvbiB7XG4gIHJldHVybiBhc3QudHlwZSA9PT0gXCJjb25kaXRpb25hbFwiO1xufVxuXG5leHBvcnQgZnVuY3Rpb24gaXNVbmFyeU9wRXhwcmVzc2lvbihcbiAgYXN0OiBFeHByZXNzaW9uVHlwZSxcbik6IGFzdCBpcyBVbmFyeU9wRXhwcmVzc2lvbiB7XG4gIHJldHVybiBhc3QudHlwZSA9PT0gXCJ1bmFyeU9wXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc0JpbmFyeU9wRXhwcmVzc2lvbihcbiAgYXN0OiBFeHByZXNzaW9uVHlwZSxcbik6IGFzdCBpcyBCaW5hcnlPcEV4cHJlc3Npb24ge1xuICByZXR1cm4gYXN0LnR5cGUgPT09IFwiYmluYXJ5T3BcIjtcbn1cblxuZXhwb3J0IGZ1bmN0aW9uIGlzVHVwbGVFeHByZXNzaW9uKGFzdDogRXhwcmVzc2lvblR5cGUpOiBhc3QgaXMgVHVwbGVFeHByZXNzaW9uIHtcbiAgcmV0dXJuIGFzdC50eXBlID09PSBcInR1cGxlXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc09iamVjdEV4cHJlc3Npb24oXG4gIHBhcnQ6IEV4cHJlc3Npb25UeXBlLFxuKTogcGFydCBpcyBPYmplY3RFeHByZXNzaW9uIHtcbiAgcmV0dXJuIHBhcnQudHlwZSA9PT0gXCJvYmplY3RcIjtcbn1cblxuZXhwb3J0IGZ1bmN0aW9uIGlzTmFtZVRyYXZlcnNhbFBhcnQoXG4gIHBhcnQ6IFRlcnJhZm9ybVRyYXZlcnNhbFBhcnQsXG4pOiBwYXJ0IGlzIFRlcnJhZm9ybU5hbWVUcmF2ZXJzYWxQYXJ0IHtcbiAgcmV0dXJuIHBhcnQudHlwZSA9PT0gXCJuYW1lVHJhdmVyc2FsXCI7XG59XG5cbmV4cG9ydCBmdW5jdGlvbiBpc0luZGV4VHJhdmVyc2FsUGFydChcbiAgcGFydDogVGVycmFmb3JtVHJhdmVyc2FsUGFydCxcbik6IHBhcnQgaXMgVGVycmFmb3JtSW5kZXhUcmF2ZXJzYWxQYXJ0IHtcbiAgcmV0dXJuIHBhcnQudHlwZSA9PT0gXCJpbmRleFRyYXZlcnNhbFwiO1xufVxuXG5leHBvcnQgZnVuY3Rpb24gZ2V0Q2hpbGRXaXRoVmFsdWUobm9kZTogRXhwcmVzc2lvbkFzdCwgdmFsdWU6IHN0cmluZykge1xuICBpZiAoIW5vZGUuY2hpbGRyZW4pIHtcbiAgICByZXR1cm4gbnVsbDtcbiAgfVxuXG4gIHJldHVybiBub2RlLmNoaWxkcmVuLmZpbmQoKGNoaWxkKSA9PiB7XG4gICAgaWYgKCFjaGlsZC5tZXRhKSByZXR1cm4gZmFsc2U7XG4gICAgcmV0dXJuIGNoaWxkLm1ldGEudmFsdWUgPT09IHZhbHVlO1xuICB9KTtcbn1cbiJdfQ==

/***/ }),

/***/ 185:
/***/ ((__unused_webpack_module, exports) => {


/**
 * Copyright (c) HashiCorp, Inc.
 * SPDX-License-Identifier: MPL-2.0
 */
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.wrapTerraformExpression = exports.replaceQuotes = void 0;
/**
 * This function is used to escape quotes within a string.
 *  Note: This is a really naive implmentation that will not be able to work with
 *    nested templates. However, nested templates require parsing, so we will
 *    only handle strings without nested templates for the moment
 * @param input The string to escape
 */
function replaceQuotes(input) {
    const fullyQuotedMatch = /^(\s*")(.*)("\s*)$/.exec(input);
    const hasTemplate = /(?<!\$)\$\{/.test(input);
    if (fullyQuotedMatch !== null && !hasTemplate) {
        return `${fullyQuotedMatch[1]}${fullyQuotedMatch[2].replace(/"/g, `\\"`)}${fullyQuotedMatch[3]}`;
    }
    return input;
}
exports.replaceQuotes = replaceQuotes;
/**
 * This function is used to wrap a string in quotes conditionally.
 *  - If the string is already quoted, it will be returned as-is.
 *  - If the string contains a newline, it will be wrapped in a heredoc.
 *  - If the string is a number, it will be returned as-is.
 *  - If the string is a boolean, it will be returned as-is.
 *  - If the string is a list or map, it will be returned as-is.
 *
 * @param input The string to wrap
 * @returns The wrapped string, and the offset of the cursor within the string
 *
 * @example
 * wrapTerraformExpression("foo") // { wrap: '"foo"', wrapOffset: 1 }
 * wrapTerraformExpression("foo\nbar") // { wrap: '<<EOE\nfoo\nbar\nEOE\n', wrapOffset: 5 }
 * wrapTerraformExpression("22") // { wrap: '22', wrapOffset: 0 }
 * wrapTerraformExpression("true") // { wrap: 'true', wrapOffset: 0 }
 * wrapTerraformExpression("[22, 10]") // { wrap: '[22, 10]', wrapOffset: 0 }
 * wrapTerraformExpression("{ foo = 22 }") // { wrap: '{ foo = 22 }', wrapOffset: 0 }
 */
function wrapTerraformExpression(input) {
    input = replaceQuotes(input);
    if (!isNaN(Number(input))) {
        return { wrap: input, wrapOffset: 0 };
    }
    if (input === "true" || input === "false") {
        return { wrap: input, wrapOffset: 0 };
    }
    if (input.startsWith(`"`)) {
        if (input.indexOf("\n") >= 0) {
            const trimWrapped = input.substring(1, input.length - 1);
            return {
                wrap: `<<EOE\n${trimWrapped}\nEOE\n`,
                wrapOffset: 5,
            };
        }
        return { wrap: input, wrapOffset: 0 };
    }
    if (input.startsWith("[") || input.startsWith("{")) {
        return { wrap: input, wrapOffset: 0 };
    }
    if (input.startsWith("<<")) {
        // For Heredocs, we need to ensure that the string ends with an empty newline as
        // the HCL parser doesn't find the ending token otherwise
        if (!input.endsWith("\n")) {
            return { wrap: input + "\n", wrapOffset: 0 };
        }
        return { wrap: input, wrapOffset: 0 };
    }
    return { wrap: `"${input}"`, wrapOffset: 1 };
}
exports.wrapTerraformExpression = wrapTerraformExpression;
//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoidXRpbC5qcyIsInNvdXJjZVJvb3QiOiIiLCJzb3VyY2VzIjpbIi4uL3NyYy91dGlsLnRzIl0sIm5hbWVzIjpbXSwibWFwcGluZ3MiOiI7QUFBQTs7O0dBR0c7OztBQUVIOzs7Ozs7R0FNRztBQUNILFNBQWdCLGFBQWEsQ0FBQyxLQUFhO0lBQ3pDLE1BQU0sZ0JBQWdCLEdBQUcsb0JBQW9CLENBQUMsSUFBSSxDQUFDLEtBQUssQ0FBQyxDQUFDO0lBQzFELE1BQU0sV0FBVyxHQUFHLGFBQWEsQ0FBQyxJQUFJLENBQUMsS0FBSyxDQUFDLENBQUM7SUFFOUMsSUFBSSxnQkFBZ0IsS0FBSyxJQUFJLElBQUksQ0FBQyxXQUFXLEVBQUUsQ0FBQztRQUM5QyxPQUFPLEdBQUcsZ0JBQWdCLENBQUMsQ0FBQyxDQUFDLEdBQUcsZ0JBQWdCLENBQUMsQ0FBQyxDQUFDLENBQUMsT0FBTyxDQUFDLElBQUksRUFBRSxLQUFLLENBQUMsR0FDdEUsZ0JBQWdCLENBQUMsQ0FBQyxDQUNwQixFQUFFLENBQUM7SUFDTCxDQUFDO0lBRUQsT0FBTyxLQUFLLENBQUM7QUFDZixDQUFDO0FBWEQsc0NBV0M7QUFFRDs7Ozs7Ozs7Ozs7Ozs7Ozs7O0dBa0JHO0FBQ0gsU0FBZ0IsdUJBQXVCLENBQUMsS0FBYTtJQUluRCxLQUFLLEdBQUcsYUFBYSxDQUFDLEtBQUssQ0FBQyxDQUFDO0lBRTdCLElBQUksQ0FBQyxLQUFLLENBQUMsTUFBTSxDQUFDLEtBQUssQ0FBQyxDQUFDLEVBQUUsQ0FBQztRQUMxQixPQUFPLEVBQUUsSUFBSSxFQUFFLEtBQUssRUFBRSxVQUFVLEVBQUUsQ0FBQyxFQUFFLENBQUM7SUFDeEMsQ0FBQztJQUNELElBQUksS0FBSyxLQUFLLE1BQU0sSUFBSSxLQUFLLEtBQUssT0FBTyxFQUFFLENBQUM7UUFDMUMsT0FBTyxFQUFFLElBQUksRUFBRSxLQUFLLEVBQUUsVUFBVSxFQUFFLENBQUMsRUFBRSxDQUFDO0lBQ3hDLENBQUM7SUFFRCxJQUFJLEtBQUssQ0FBQyxVQUFVLENBQUMsR0FBRyxDQUFDLEVBQUUsQ0FBQztRQUMxQixJQUFJLEtBQUssQ0FBQyxPQUFPLENBQUMsSUFBSSxDQUFDLElBQUksQ0FBQyxFQUFFLENBQUM7WUFDN0IsTUFBTSxXQUFXLEdBQUcsS0FBSyxDQUFDLFNBQVMsQ0FBQyxDQUFDLEVBQUUsS0FBSyxDQUFDLE1BQU0sR0FBRyxDQUFDLENBQUMsQ0FBQztZQUN6RCxPQUFPO2dCQUNMLElBQUksRUFBRSxVQUFVLFdBQVcsU0FBUztnQkFDcEMsVUFBVSxFQUFFLENBQUM7YUFDZCxDQUFDO1FBQ0osQ0FBQztRQUNELE9BQU8sRUFBRSxJQUFJLEVBQUUsS0FBSyxFQUFFLFVBQVUsRUFBRSxDQUFDLEVBQUUsQ0FBQztJQUN4QyxDQUFDO0lBRUQsSUFBSSxLQUFLLENBQUMsVUFBVSxDQUFDLEdBQUcsQ0FBQyxJQUFJLEtBQUssQ0FBQyxVQUFVLENBQUMsR0FBRyxDQUFDLEVBQUUsQ0FBQztRQUNuRCxPQUFPLEVBQUUsSUFBSSxFQUFFLEtBQUssRUFBRSxVQUFVLEVBQUUsQ0FBQyxFQUFFLENBQUM7SUFDeEMsQ0FBQztJQUVELElBQUksS0FBSyxDQUFDLFVBQVUsQ0FBQyxJQUFJLENBQUMsRUFBRSxDQUFDO1FBQzNCLGdGQUFnRjtRQUNoRix5REFBeUQ7UUFDekQsSUFBSSxDQUFDLEtBQUssQ0FBQyxRQUFRLENBQUMsSUFBSSxDQUFDLEVBQUUsQ0FBQztZQUMxQixPQUFPLEVBQUUsSUFBSSxFQUFFLEtBQUssR0FBRyxJQUFJLEVBQUUsVUFBVSxFQUFFLENBQUMsRUFBRSxDQUFDO1FBQy9DLENBQUM7UUFFRCxPQUFPLEVBQUUsSUFBSSxFQUFFLEtBQUssRUFBRSxVQUFVLEVBQUUsQ0FBQyxFQUFFLENBQUM7SUFDeEMsQ0FBQztJQUVELE9BQU8sRUFBRSxJQUFJLEVBQUUsSUFBSSxLQUFLLEdBQUcsRUFBRSxVQUFVLEVBQUUsQ0FBQyxFQUFFLENBQUM7QUFDL0MsQ0FBQztBQXZDRCwwREF1Q0MiLCJzb3VyY2VzQ29udGVudCI6WyIvKipcbiAqIENvcHlyaWdodCAoYykgSGFzaGlDb3JwLCBJbmMuXG4gKiBTUERYLUxpY2Vuc2UtSWRlbnRpZmllcjogTVBMLTIuMFxuICovXG5cbi8qKlxuICogVGhpcyBmdW5jdGlvbiBpcyB1c2VkIHRvIGVzY2FwZSBxdW90ZXMgd2l0aGluIGEgc3RyaW5nLlxuICogIE5vdGU6IFRoaXMgaXMgYSByZWFsbHkgbmFpdmUgaW1wbG1lbnRhdGlvbiB0aGF0IHdpbGwgbm90IGJlIGFibGUgdG8gd29yayB3aXRoXG4gKiAgICBuZXN0ZWQgdGVtcGxhdGVzLiBIb3dldmVyLCBuZXN0ZWQgdGVtcGxhdGVzIHJlcXVpcmUgcGFyc2luZywgc28gd2Ugd2lsbFxuICogICAgb25seSBoYW5kbGUgc3RyaW5ncyB3aXRob3V0IG5lc3RlZCB0ZW1wbGF0ZXMgZm9yIHRoZSBtb21lbnRcbiAqIEBwYXJhbSBpbnB1dCBUaGUgc3RyaW5nIHRvIGVzY2FwZVxuICovXG5leHBvcnQgZnVuY3Rpb24gcmVwbGFjZVF1b3RlcyhpbnB1dDogc3RyaW5nKTogc3RyaW5nIHtcbiAgY29uc3QgZnVsbHlRdW90ZWRNYXRjaCA9IC9eKFxccypcIikoLiopKFwiXFxzKikkLy5leGVjKGlucHV0KTtcbiAgY29uc3QgaGFzVGVtcGxhdGUgPSAvKD88IVxcJClcXCRcXHsvLnRlc3QoaW5wdXQpO1xuXG4gIGlmIChmdWxseVF1b3RlZE1hdGNoICE9PSBudWxsICYmICFoYXNUZW1wbGF0ZSkge1xuICAgIHJldHVybiBgJHtmdWxseVF1b3RlZE1hdGNoWzFdfSR7ZnVsbHlRdW90ZWRNYXRjaFsyXS5yZXBsYWNlKC9cIi9nLCBgXFxcXFwiYCl9JHtcbiAgICAgIGZ1bGx5UXVvdGVkTWF0Y2hbM11cbiAgICB9YDtcbiAgfVxuXG4gIHJldHVybiBpbnB1dDtcbn1cblxuLyoqXG4gKiBUaGlzIGZ1bmN0aW9uIGlzIHVzZWQgdG8gd3JhcCBhIHN0cmluZyBpbiBxdW90ZXMgY29uZGl0aW9uYWxseS5cbiAqICAtIElmIHRoZSBzdHJpbmcgaXMgYWxyZWFkeSBxdW90ZWQsIGl0IHdpbGwgYmUgcmV0dXJuZWQgYXMtaXMuXG4gKiAgLSBJZiB0aGUgc3RyaW5nIGNvbnRhaW5zIGEgbmV3bGluZSwgaXQgd2lsbCBiZSB3cmFwcGVkIGluIGEgaGVyZWRvYy5cbiAqICAtIElmIHRoZSBzdHJpbmcgaXMgYSBudW1iZXIsIGl0IHdpbGwgYmUgcmV0dXJuZWQgYXMtaXMuXG4gKiAgLSBJZiB0aGUgc3RyaW5nIGlzIGEgYm9vbGVhbiwgaXQgd2lsbCBiZSByZXR1cm5lZCBhcy1pcy5cbiAqICAtIElmIHRoZSBzdHJpbmcgaXMgYSBsaXN0IG9yIG1hcCwgaXQgd2lsbCBiZSByZXR1cm5lZCBhcy1pcy5cbiAqXG4gKiBAcGFyYW0gaW5wdXQgVGhlIHN0cmluZyB0byB3cmFwXG4gKiBAcmV0dXJucyBUaGUgd3JhcHBlZCBzdHJpbmcsIGFuZCB0aGUgb2Zmc2V0IG9mIHRoZSBjdXJzb3Igd2l0aGluIHRoZSBzdHJpbmdcbiAqXG4gKiBAZXhhbXBsZVxuICogd3JhcFRlcnJhZm9ybUV4cHJlc3Npb24oXCJmb29cIikgLy8geyB3cmFwOiAnXCJmb29cIicsIHdyYXBPZmZzZXQ6IDEgfVxuICogd3JhcFRlcnJhZm9ybUV4cHJlc3Npb24oXCJmb29cXG5iYXJcIikgLy8geyB3cmFwOiAnPDxFT0VcXG5mb29cXG5iYXJcXG5FT0VcXG4nLCB3cmFwT2Zmc2V0OiA1IH1cbiAqIHdyYXBUZXJyYWZvcm1FeHByZXNzaW9uKFwiMjJcIikgLy8geyB3cmFwOiAnMjInLCB3cmFwT2Zmc2V0OiAwIH1cbiAqIHdyYXBUZXJyYWZvcm1FeHByZXNzaW9uKFwidHJ1ZVwiKSAvLyB7IHdyYXA6ICd0cnVlJywgd3JhcE9mZnNldDogMCB9XG4gKiB3cmFwVGVycmFmb3JtRXhwcmVzc2lvbihcIlsyMiwgMTBdXCIpIC8vIHsgd3JhcDogJ1syMiwgMTBdJywgd3JhcE9mZnNldDogMCB9XG4gKiB3cmFwVGVycmFmb3JtRXhwcmVzc2lvbihcInsgZm9vID0gMjIgfVwiKSAvLyB7IHdyYXA6ICd7IGZvbyA9IDIyIH0nLCB3cmFwT2Zmc2V0OiAwIH1cbiAqL1xuZXhwb3J0IGZ1bmN0aW9uIHdyYXBUZXJyYWZvcm1FeHByZXNzaW9uKGlucHV0OiBzdHJpbmcpOiB7XG4gIHdyYXA6IHN0cmluZztcbiAgd3JhcE9mZnNldDogbnVtYmVyO1xufSB7XG4gIGlucHV0ID0gcmVwbGFjZVF1b3RlcyhpbnB1dCk7XG5cbiAgaWYgKCFpc05hTihOdW1iZXIoaW5wdXQpKSkge1xuICAgIHJldHVybiB7IHdyYXA6IGlucHV0LCB3cmFwT2Zmc2V0OiAwIH07XG4gIH1cbiAgaWYgKGlucHV0ID09PSBcInRydWVcIiB8fCBpbnB1dCA9PT0gXCJmYWxzZVwiKSB7XG4gICAgcmV0dXJuIHsgd3JhcDogaW5wdXQsIHdyYXBPZmZzZXQ6IDAgfTtcbiAgfVxuXG4gIGlmIChpbnB1dC5zdGFydHNXaXRoKGBcImApKSB7XG4gICAgaWYgKGlucHV0LmluZGV4T2YoXCJcXG5cIikgPj0gMCkge1xuICAgICAgY29uc3QgdHJpbVdyYXBwZWQgPSBpbnB1dC5zdWJzdHJpbmcoMSwgaW5wdXQubGVuZ3RoIC0gMSk7XG4gICAgICByZXR1cm4ge1xuICAgICAgICB3cmFwOiBgPDxFT0VcXG4ke3RyaW1XcmFwcGVkfVxcbkVPRVxcbmAsXG4gICAgICAgIHdyYXBPZmZzZXQ6IDUsXG4gICAgICB9O1xuICAgIH1cbiAgICByZXR1cm4geyB3cmFwOiBpbnB1dCwgd3JhcE9mZnNldDogMCB9O1xuICB9XG5cbiAgaWYgKGlucHV0LnN0YXJ0c1dpdGgoXCJbXCIpIHx8IGlucHV0LnN0YXJ0c1dpdGgoXCJ7XCIpKSB7XG4gICAgcmV0dXJuIHsgd3JhcDogaW5wdXQsIHdyYXBPZmZzZXQ6IDAgfTtcbiAgfVxuXG4gIGlmIChpbnB1dC5zdGFydHNXaXRoKFwiPDxcIikpIHtcbiAgICAvLyBGb3IgSGVyZWRvY3MsIHdlIG5lZWQgdG8gZW5zdXJlIHRoYXQgdGhlIHN0cmluZyBlbmRzIHdpdGggYW4gZW1wdHkgbmV3bGluZSBhc1xuICAgIC8vIHRoZSBIQ0wgcGFyc2VyIGRvZXNuJ3QgZmluZCB0aGUgZW5kaW5nIHRva2VuIG90aGVyd2lzZVxuICAgIGlmICghaW5wdXQuZW5kc1dpdGgoXCJcXG5cIikpIHtcbiAgICAgIHJldHVybiB7IHdyYXA6IGlucHV0ICsgXCJcXG5cIiwgd3JhcE9mZnNldDogMCB9O1xuICAgIH1cblxuICAgIHJldHVybiB7IHdyYXA6IGlucHV0LCB3cmFwT2Zmc2V0OiAwIH07XG4gIH1cblxuICByZXR1cm4geyB3cmFwOiBgXCIke2lucHV0fVwiYCwgd3JhcE9mZnNldDogMSB9O1xufVxuIl19

/***/ }),

/***/ 84093:
/***/ ((__unused_webpack_module, __unused_webpack_exports, __webpack_require__) => {

// Copyright 2021 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Modified from https://github.com/golang/go/blob/master/misc/wasm/wasm_exec_node.js



globalThis.require = __webpack_require__(35031);
globalThis.fs = __webpack_require__(79896);
globalThis.TextEncoder = (__webpack_require__(39023).TextEncoder);
globalThis.TextDecoder = (__webpack_require__(39023).TextDecoder);

globalThis.performance ??= __webpack_require__(49381);

// Node >= 19 has a crypto function object, lower node versions need this polyfill
if (!globalThis.crypto) {
	const crypto = __webpack_require__(76982);
	globalThis.crypto = {
		getRandomValues(b) {
			return crypto.randomFillSync(b);
		},
	};
}

__webpack_require__(7783);

/***/ }),

/***/ 7783:
/***/ (() => {

// Copyright 2018 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.



(() => {
	const enosys = () => {
		const err = new Error("not implemented");
		err.code = "ENOSYS";
		return err;
	};

	if (!globalThis.fs) {
		let outputBuf = "";
		globalThis.fs = {
			constants: { O_WRONLY: -1, O_RDWR: -1, O_CREAT: -1, O_TRUNC: -1, O_APPEND: -1, O_EXCL: -1, O_DIRECTORY: -1 }, // unused
			writeSync(fd, buf) {
				outputBuf += decoder.decode(buf);
				const nl = outputBuf.lastIndexOf("\n");
				if (nl != -1) {
					console.log(outputBuf.substring(0, nl));
					outputBuf = outputBuf.substring(nl + 1);
				}
				return buf.length;
			},
			write(fd, buf, offset, length, position, callback) {
				if (offset !== 0 || length !== buf.length || position !== null) {
					callback(enosys());
					return;
				}
				const n = this.writeSync(fd, buf);
				callback(null, n);
			},
			chmod(path, mode, callback) { callback(enosys()); },
			chown(path, uid, gid, callback) { callback(enosys()); },
			close(fd, callback) { callback(enosys()); },
			fchmod(fd, mode, callback) { callback(enosys()); },
			fchown(fd, uid, gid, callback) { callback(enosys()); },
			fstat(fd, callback) { callback(enosys()); },
			fsync(fd, callback) { callback(null); },
			ftruncate(fd, length, callback) { callback(enosys()); },
			lchown(path, uid, gid, callback) { callback(enosys()); },
			link(path, link, callback) { callback(enosys()); },
			lstat(path, callback) { callback(enosys()); },
			mkdir(path, perm, callback) { callback(enosys()); },
			open(path, flags, mode, callback) { callback(enosys()); },
			read(fd, buffer, offset, length, position, callback) { callback(enosys()); },
			readdir(path, callback) { callback(enosys()); },
			readlink(path, callback) { callback(enosys()); },
			rename(from, to, callback) { callback(enosys()); },
			rmdir(path, callback) { callback(enosys()); },
			stat(path, callback) { callback(enosys()); },
			symlink(path, link, callback) { callback(enosys()); },
			truncate(path, length, callback) { callback(enosys()); },
			unlink(path, callback) { callback(enosys()); },
			utimes(path, atime, mtime, callback) { callback(enosys()); },
		};
	}

	if (!globalThis.process) {
		globalThis.process = {
			getuid() { return -1; },
			getgid() { return -1; },
			geteuid() { return -1; },
			getegid() { return -1; },
			getgroups() { throw enosys(); },
			pid: -1,
			ppid: -1,
			umask() { throw enosys(); },
			cwd() { throw enosys(); },
			chdir() { throw enosys(); },
		}
	}

	if (!globalThis.path) {
		globalThis.path = {
			resolve(...pathSegments) {
				return pathSegments.join("/");
			}
		}
	}

	if (!globalThis.crypto) {
		throw new Error("globalThis.crypto is not available, polyfill required (crypto.getRandomValues only)");
	}

	if (!globalThis.performance) {
		throw new Error("globalThis.performance is not available, polyfill required (performance.now only)");
	}

	if (!globalThis.TextEncoder) {
		throw new Error("globalThis.TextEncoder is not available, polyfill required");
	}

	if (!globalThis.TextDecoder) {
		throw new Error("globalThis.TextDecoder is not available, polyfill required");
	}

	const encoder = new TextEncoder("utf-8");
	const decoder = new TextDecoder("utf-8");

	globalThis.Go = class {
		constructor() {
			this.argv = ["js"];
			this.env = {};
			this.exit = (code) => {
				if (code !== 0) {
					console.warn("exit code:", code);
				}
			};
			this._exitPromise = new Promise((resolve) => {
				this._resolveExitPromise = resolve;
			});
			this._pendingEvent = null;
			this._scheduledTimeouts = new Map();
			this._nextCallbackTimeoutID = 1;

			const setInt64 = (addr, v) => {
				this.mem.setUint32(addr + 0, v, true);
				this.mem.setUint32(addr + 4, Math.floor(v / 4294967296), true);
			}

			const setInt32 = (addr, v) => {
				this.mem.setUint32(addr + 0, v, true);
			}

			const getInt64 = (addr) => {
				const low = this.mem.getUint32(addr + 0, true);
				const high = this.mem.getInt32(addr + 4, true);
				return low + high * 4294967296;
			}

			const loadValue = (addr) => {
				const f = this.mem.getFloat64(addr, true);
				if (f === 0) {
					return undefined;
				}
				if (!isNaN(f)) {
					return f;
				}

				const id = this.mem.getUint32(addr, true);
				return this._values[id];
			}

			const storeValue = (addr, v) => {
				const nanHead = 0x7FF80000;

				if (typeof v === "number" && v !== 0) {
					if (isNaN(v)) {
						this.mem.setUint32(addr + 4, nanHead, true);
						this.mem.setUint32(addr, 0, true);
						return;
					}
					this.mem.setFloat64(addr, v, true);
					return;
				}

				if (v === undefined) {
					this.mem.setFloat64(addr, 0, true);
					return;
				}

				let id = this._ids.get(v);
				if (id === undefined) {
					id = this._idPool.pop();
					if (id === undefined) {
						id = this._values.length;
					}
					this._values[id] = v;
					this._goRefCounts[id] = 0;
					this._ids.set(v, id);
				}
				this._goRefCounts[id]++;
				let typeFlag = 0;
				switch (typeof v) {
					case "object":
						if (v !== null) {
							typeFlag = 1;
						}
						break;
					case "string":
						typeFlag = 2;
						break;
					case "symbol":
						typeFlag = 3;
						break;
					case "function":
						typeFlag = 4;
						break;
				}
				this.mem.setUint32(addr + 4, nanHead | typeFlag, true);
				this.mem.setUint32(addr, id, true);
			}

			const loadSlice = (addr) => {
				const array = getInt64(addr + 0);
				const len = getInt64(addr + 8);
				return new Uint8Array(this._inst.exports.mem.buffer, array, len);
			}

			const loadSliceOfValues = (addr) => {
				const array = getInt64(addr + 0);
				const len = getInt64(addr + 8);
				const a = new Array(len);
				for (let i = 0; i < len; i++) {
					a[i] = loadValue(array + i * 8);
				}
				return a;
			}

			const loadString = (addr) => {
				const saddr = getInt64(addr + 0);
				const len = getInt64(addr + 8);
				return decoder.decode(new DataView(this._inst.exports.mem.buffer, saddr, len));
			}

			const testCallExport = (a, b) => {
				this._inst.exports.testExport0();
				return this._inst.exports.testExport(a, b);
			}

			const timeOrigin = Date.now() - performance.now();
			this.importObject = {
				_gotest: {
					add: (a, b) => a + b,
					callExport: testCallExport,
				},
				gojs: {
					// Go's SP does not change as long as no Go code is running. Some operations (e.g. calls, getters and setters)
					// may synchronously trigger a Go event handler. This makes Go code get executed in the middle of the imported
					// function. A goroutine can switch to a new stack if the current stack is too small (see morestack function).
					// This changes the SP, thus we have to update the SP used by the imported function.

					// func wasmExit(code int32)
					"runtime.wasmExit": (sp) => {
						sp >>>= 0;
						const code = this.mem.getInt32(sp + 8, true);
						this.exited = true;
						delete this._inst;
						delete this._values;
						delete this._goRefCounts;
						delete this._ids;
						delete this._idPool;
						this.exit(code);
					},

					// func wasmWrite(fd uintptr, p unsafe.Pointer, n int32)
					"runtime.wasmWrite": (sp) => {
						sp >>>= 0;
						const fd = getInt64(sp + 8);
						const p = getInt64(sp + 16);
						const n = this.mem.getInt32(sp + 24, true);
						fs.writeSync(fd, new Uint8Array(this._inst.exports.mem.buffer, p, n));
					},

					// func resetMemoryDataView()
					"runtime.resetMemoryDataView": (sp) => {
						sp >>>= 0;
						this.mem = new DataView(this._inst.exports.mem.buffer);
					},

					// func nanotime1() int64
					"runtime.nanotime1": (sp) => {
						sp >>>= 0;
						setInt64(sp + 8, (timeOrigin + performance.now()) * 1000000);
					},

					// func walltime() (sec int64, nsec int32)
					"runtime.walltime": (sp) => {
						sp >>>= 0;
						const msec = (new Date).getTime();
						setInt64(sp + 8, msec / 1000);
						this.mem.setInt32(sp + 16, (msec % 1000) * 1000000, true);
					},

					// func scheduleTimeoutEvent(delay int64) int32
					"runtime.scheduleTimeoutEvent": (sp) => {
						sp >>>= 0;
						const id = this._nextCallbackTimeoutID;
						this._nextCallbackTimeoutID++;
						this._scheduledTimeouts.set(id, setTimeout(
							() => {
								this._resume();
								while (this._scheduledTimeouts.has(id)) {
									// for some reason Go failed to register the timeout event, log and try again
									// (temporary workaround for https://github.com/golang/go/issues/28975)
									console.warn("scheduleTimeoutEvent: missed timeout event");
									this._resume();
								}
							},
							getInt64(sp + 8),
						));
						this.mem.setInt32(sp + 16, id, true);
					},

					// func clearTimeoutEvent(id int32)
					"runtime.clearTimeoutEvent": (sp) => {
						sp >>>= 0;
						const id = this.mem.getInt32(sp + 8, true);
						clearTimeout(this._scheduledTimeouts.get(id));
						this._scheduledTimeouts.delete(id);
					},

					// func getRandomData(r []byte)
					"runtime.getRandomData": (sp) => {
						sp >>>= 0;
						crypto.getRandomValues(loadSlice(sp + 8));
					},

					// func finalizeRef(v ref)
					"syscall/js.finalizeRef": (sp) => {
						sp >>>= 0;
						const id = this.mem.getUint32(sp + 8, true);
						this._goRefCounts[id]--;
						if (this._goRefCounts[id] === 0) {
							const v = this._values[id];
							this._values[id] = null;
							this._ids.delete(v);
							this._idPool.push(id);
						}
					},

					// func stringVal(value string) ref
					"syscall/js.stringVal": (sp) => {
						sp >>>= 0;
						storeValue(sp + 24, loadString(sp + 8));
					},

					// func valueGet(v ref, p string) ref
					"syscall/js.valueGet": (sp) => {
						sp >>>= 0;
						const result = Reflect.get(loadValue(sp + 8), loadString(sp + 16));
						sp = this._inst.exports.getsp() >>> 0; // see comment above
						storeValue(sp + 32, result);
					},

					// func valueSet(v ref, p string, x ref)
					"syscall/js.valueSet": (sp) => {
						sp >>>= 0;
						Reflect.set(loadValue(sp + 8), loadString(sp + 16), loadValue(sp + 32));
					},

					// func valueDelete(v ref, p string)
					"syscall/js.valueDelete": (sp) => {
						sp >>>= 0;
						Reflect.deleteProperty(loadValue(sp + 8), loadString(sp + 16));
					},

					// func valueIndex(v ref, i int) ref
					"syscall/js.valueIndex": (sp) => {
						sp >>>= 0;
						storeValue(sp + 24, Reflect.get(loadValue(sp + 8), getInt64(sp + 16)));
					},

					// valueSetIndex(v ref, i int, x ref)
					"syscall/js.valueSetIndex": (sp) => {
						sp >>>= 0;
						Reflect.set(loadValue(sp + 8), getInt64(sp + 16), loadValue(sp + 24));
					},

					// func valueCall(v ref, m string, args []ref) (ref, bool)
					"syscall/js.valueCall": (sp) => {
						sp >>>= 0;
						try {
							const v = loadValue(sp + 8);
							const m = Reflect.get(v, loadString(sp + 16));
							const args = loadSliceOfValues(sp + 32);
							const result = Reflect.apply(m, v, args);
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 56, result);
							this.mem.setUint8(sp + 64, 1);
						} catch (err) {
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 56, err);
							this.mem.setUint8(sp + 64, 0);
						}
					},

					// func valueInvoke(v ref, args []ref) (ref, bool)
					"syscall/js.valueInvoke": (sp) => {
						sp >>>= 0;
						try {
							const v = loadValue(sp + 8);
							const args = loadSliceOfValues(sp + 16);
							const result = Reflect.apply(v, undefined, args);
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 40, result);
							this.mem.setUint8(sp + 48, 1);
						} catch (err) {
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 40, err);
							this.mem.setUint8(sp + 48, 0);
						}
					},

					// func valueNew(v ref, args []ref) (ref, bool)
					"syscall/js.valueNew": (sp) => {
						sp >>>= 0;
						try {
							const v = loadValue(sp + 8);
							const args = loadSliceOfValues(sp + 16);
							const result = Reflect.construct(v, args);
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 40, result);
							this.mem.setUint8(sp + 48, 1);
						} catch (err) {
							sp = this._inst.exports.getsp() >>> 0; // see comment above
							storeValue(sp + 40, err);
							this.mem.setUint8(sp + 48, 0);
						}
					},

					// func valueLength(v ref) int
					"syscall/js.valueLength": (sp) => {
						sp >>>= 0;
						setInt64(sp + 16, parseInt(loadValue(sp + 8).length));
					},

					// valuePrepareString(v ref) (ref, int)
					"syscall/js.valuePrepareString": (sp) => {
						sp >>>= 0;
						const str = encoder.encode(String(loadValue(sp + 8)));
						storeValue(sp + 16, str);
						setInt64(sp + 24, str.length);
					},

					// valueLoadString(v ref, b []byte)
					"syscall/js.valueLoadString": (sp) => {
						sp >>>= 0;
						const str = loadValue(sp + 8);
						loadSlice(sp + 16).set(str);
					},

					// func valueInstanceOf(v ref, t ref) bool
					"syscall/js.valueInstanceOf": (sp) => {
						sp >>>= 0;
						this.mem.setUint8(sp + 24, (loadValue(sp + 8) instanceof loadValue(sp + 16)) ? 1 : 0);
					},

					// func copyBytesToGo(dst []byte, src ref) (int, bool)
					"syscall/js.copyBytesToGo": (sp) => {
						sp >>>= 0;
						const dst = loadSlice(sp + 8);
						const src = loadValue(sp + 32);
						if (!(src instanceof Uint8Array || src instanceof Uint8ClampedArray)) {
							this.mem.setUint8(sp + 48, 0);
							return;
						}
						const toCopy = src.subarray(0, dst.length);
						dst.set(toCopy);
						setInt64(sp + 40, toCopy.length);
						this.mem.setUint8(sp + 48, 1);
					},

					// func copyBytesToJS(dst ref, src []byte) (int, bool)
					"syscall/js.copyBytesToJS": (sp) => {
						sp >>>= 0;
						const dst = loadValue(sp + 8);
						const src = loadSlice(sp + 16);
						if (!(dst instanceof Uint8Array || dst instanceof Uint8ClampedArray)) {
							this.mem.setUint8(sp + 48, 0);
							return;
						}
						const toCopy = src.subarray(0, dst.length);
						dst.set(toCopy);
						setInt64(sp + 40, toCopy.length);
						this.mem.setUint8(sp + 48, 1);
					},

					"debug": (value) => {
						console.log(value);
					},
				}
			};
		}

		async run(instance) {
			if (!(instance instanceof WebAssembly.Instance)) {
				throw new Error("Go.run: WebAssembly.Instance expected");
			}
			this._inst = instance;
			this.mem = new DataView(this._inst.exports.mem.buffer);
			this._values = [ // JS values that Go currently has references to, indexed by reference id
				NaN,
				0,
				null,
				true,
				false,
				globalThis,
				this,
			];
			this._goRefCounts = new Array(this._values.length).fill(Infinity); // number of references that Go has to a JS value, indexed by reference id
			this._ids = new Map([ // mapping from JS values to reference ids
				[0, 1],
				[null, 2],
				[true, 3],
				[false, 4],
				[globalThis, 5],
				[this, 6],
			]);
			this._idPool = [];   // unused ids that have been garbage collected
			this.exited = false; // whether the Go program has exited

			// Pass command line arguments and environment variables to WebAssembly by writing them to the linear memory.
			let offset = 4096;

			const strPtr = (str) => {
				const ptr = offset;
				const bytes = encoder.encode(str + "\0");
				new Uint8Array(this.mem.buffer, offset, bytes.length).set(bytes);
				offset += bytes.length;
				if (offset % 8 !== 0) {
					offset += 8 - (offset % 8);
				}
				return ptr;
			};

			const argc = this.argv.length;

			const argvPtrs = [];
			this.argv.forEach((arg) => {
				argvPtrs.push(strPtr(arg));
			});
			argvPtrs.push(0);

			const keys = Object.keys(this.env).sort();
			keys.forEach((key) => {
				argvPtrs.push(strPtr(`${key}=${this.env[key]}`));
			});
			argvPtrs.push(0);

			const argv = offset;
			argvPtrs.forEach((ptr) => {
				this.mem.setUint32(offset, ptr, true);
				this.mem.setUint32(offset + 4, 0, true);
				offset += 8;
			});

			// The linker guarantees global data starts from at least wasmMinDataAddr.
			// Keep in sync with cmd/link/internal/ld/data.go:wasmMinDataAddr.
			const wasmMinDataAddr = 4096 + 8192;
			if (offset >= wasmMinDataAddr) {
				throw new Error("total length of command line and environment variables exceeds limit");
			}

			this._inst.exports.run(argc, argv);
			if (this.exited) {
				this._resolveExitPromise();
			}
			await this._exitPromise;
		}

		_resume() {
			if (this.exited) {
				throw new Error("Go program has already exited");
			}
			this._inst.exports.resume();
			if (this.exited) {
				this._resolveExitPromise();
			}
		}

		_makeFuncWrapper(id) {
			const go = this;
			return function () {
				const event = { id: id, this: this, args: arguments };
				go._pendingEvent = event;
				go._resume();
				return event.result;
			};
		}
	}
})();


/***/ }),

/***/ 14839:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(35744)
const path = __webpack_require__(16928)
const mkdirsSync = (__webpack_require__(31089).mkdirsSync)
const utimesMillisSync = (__webpack_require__(96934).utimesMillisSync)
const stat = __webpack_require__(90887)

function copySync (src, dest, opts) {
  if (typeof opts === 'function') {
    opts = { filter: opts }
  }

  opts = opts || {}
  opts.clobber = 'clobber' in opts ? !!opts.clobber : true // default to true for now
  opts.overwrite = 'overwrite' in opts ? !!opts.overwrite : opts.clobber // overwrite falls back to clobber

  // Warn about using preserveTimestamps on 32-bit node
  if (opts.preserveTimestamps && process.arch === 'ia32') {
    process.emitWarning(
      'Using the preserveTimestamps option in 32-bit node is not recommended;\n\n' +
      '\tsee https://github.com/jprichardson/node-fs-extra/issues/269',
      'Warning', 'fs-extra-WARN0002'
    )
  }

  const { srcStat, destStat } = stat.checkPathsSync(src, dest, 'copy', opts)
  stat.checkParentPathsSync(src, srcStat, dest, 'copy')
  if (opts.filter && !opts.filter(src, dest)) return
  const destParent = path.dirname(dest)
  if (!fs.existsSync(destParent)) mkdirsSync(destParent)
  return getStats(destStat, src, dest, opts)
}

function getStats (destStat, src, dest, opts) {
  const statSync = opts.dereference ? fs.statSync : fs.lstatSync
  const srcStat = statSync(src)

  if (srcStat.isDirectory()) return onDir(srcStat, destStat, src, dest, opts)
  else if (srcStat.isFile() ||
           srcStat.isCharacterDevice() ||
           srcStat.isBlockDevice()) return onFile(srcStat, destStat, src, dest, opts)
  else if (srcStat.isSymbolicLink()) return onLink(destStat, src, dest, opts)
  else if (srcStat.isSocket()) throw new Error(`Cannot copy a socket file: ${src}`)
  else if (srcStat.isFIFO()) throw new Error(`Cannot copy a FIFO pipe: ${src}`)
  throw new Error(`Unknown file: ${src}`)
}

function onFile (srcStat, destStat, src, dest, opts) {
  if (!destStat) return copyFile(srcStat, src, dest, opts)
  return mayCopyFile(srcStat, src, dest, opts)
}

function mayCopyFile (srcStat, src, dest, opts) {
  if (opts.overwrite) {
    fs.unlinkSync(dest)
    return copyFile(srcStat, src, dest, opts)
  } else if (opts.errorOnExist) {
    throw new Error(`'${dest}' already exists`)
  }
}

function copyFile (srcStat, src, dest, opts) {
  fs.copyFileSync(src, dest)
  if (opts.preserveTimestamps) handleTimestamps(srcStat.mode, src, dest)
  return setDestMode(dest, srcStat.mode)
}

function handleTimestamps (srcMode, src, dest) {
  // Make sure the file is writable before setting the timestamp
  // otherwise open fails with EPERM when invoked with 'r+'
  // (through utimes call)
  if (fileIsNotWritable(srcMode)) makeFileWritable(dest, srcMode)
  return setDestTimestamps(src, dest)
}

function fileIsNotWritable (srcMode) {
  return (srcMode & 0o200) === 0
}

function makeFileWritable (dest, srcMode) {
  return setDestMode(dest, srcMode | 0o200)
}

function setDestMode (dest, srcMode) {
  return fs.chmodSync(dest, srcMode)
}

function setDestTimestamps (src, dest) {
  // The initial srcStat.atime cannot be trusted
  // because it is modified by the read(2) system call
  // (See https://nodejs.org/api/fs.html#fs_stat_time_values)
  const updatedSrcStat = fs.statSync(src)
  return utimesMillisSync(dest, updatedSrcStat.atime, updatedSrcStat.mtime)
}

function onDir (srcStat, destStat, src, dest, opts) {
  if (!destStat) return mkDirAndCopy(srcStat.mode, src, dest, opts)
  return copyDir(src, dest, opts)
}

function mkDirAndCopy (srcMode, src, dest, opts) {
  fs.mkdirSync(dest)
  copyDir(src, dest, opts)
  return setDestMode(dest, srcMode)
}

function copyDir (src, dest, opts) {
  const dir = fs.opendirSync(src)

  try {
    let dirent

    while ((dirent = dir.readSync()) !== null) {
      copyDirItem(dirent.name, src, dest, opts)
    }
  } finally {
    dir.closeSync()
  }
}

function copyDirItem (item, src, dest, opts) {
  const srcItem = path.join(src, item)
  const destItem = path.join(dest, item)
  if (opts.filter && !opts.filter(srcItem, destItem)) return
  const { destStat } = stat.checkPathsSync(srcItem, destItem, 'copy', opts)
  return getStats(destStat, srcItem, destItem, opts)
}

function onLink (destStat, src, dest, opts) {
  let resolvedSrc = fs.readlinkSync(src)
  if (opts.dereference) {
    resolvedSrc = path.resolve(process.cwd(), resolvedSrc)
  }

  if (!destStat) {
    return fs.symlinkSync(resolvedSrc, dest)
  } else {
    let resolvedDest
    try {
      resolvedDest = fs.readlinkSync(dest)
    } catch (err) {
      // dest exists and is a regular file or directory,
      // Windows may throw UNKNOWN error. If dest already exists,
      // fs throws error anyway, so no need to guard against it here.
      if (err.code === 'EINVAL' || err.code === 'UNKNOWN') return fs.symlinkSync(resolvedSrc, dest)
      throw err
    }
    if (opts.dereference) {
      resolvedDest = path.resolve(process.cwd(), resolvedDest)
    }
    // If both symlinks resolve to the same target, they are still distinct symlinks
    // that can be copied/overwritten. Only check subdirectory constraints when
    // the resolved paths are different.
    if (resolvedSrc !== resolvedDest) {
      if (stat.isSrcSubdir(resolvedSrc, resolvedDest)) {
        throw new Error(`Cannot copy '${resolvedSrc}' to a subdirectory of itself, '${resolvedDest}'.`)
      }

      // prevent copy if src is a subdir of dest since unlinking
      // dest in this case would result in removing src contents
      // and therefore a broken symlink would be created.
      if (stat.isSrcSubdir(resolvedDest, resolvedSrc)) {
        throw new Error(`Cannot overwrite '${resolvedDest}' with '${resolvedSrc}'.`)
      }
    }
    return copyLink(resolvedSrc, dest)
  }
}

function copyLink (resolvedSrc, dest) {
  fs.unlinkSync(dest)
  return fs.symlinkSync(resolvedSrc, dest)
}

module.exports = copySync


/***/ }),

/***/ 81759:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(3506)
const path = __webpack_require__(16928)
const { mkdirs } = __webpack_require__(31089)
const { pathExists } = __webpack_require__(52881)
const { utimesMillis } = __webpack_require__(96934)
const stat = __webpack_require__(90887)
const { asyncIteratorConcurrentProcess } = __webpack_require__(50353)

async function copy (src, dest, opts = {}) {
  if (typeof opts === 'function') {
    opts = { filter: opts }
  }

  opts.clobber = 'clobber' in opts ? !!opts.clobber : true // default to true for now
  opts.overwrite = 'overwrite' in opts ? !!opts.overwrite : opts.clobber // overwrite falls back to clobber

  // Warn about using preserveTimestamps on 32-bit node
  if (opts.preserveTimestamps && process.arch === 'ia32') {
    process.emitWarning(
      'Using the preserveTimestamps option in 32-bit node is not recommended;\n\n' +
      '\tsee https://github.com/jprichardson/node-fs-extra/issues/269',
      'Warning', 'fs-extra-WARN0001'
    )
  }

  const { srcStat, destStat } = await stat.checkPaths(src, dest, 'copy', opts)

  await stat.checkParentPaths(src, srcStat, dest, 'copy')

  const include = await runFilter(src, dest, opts)

  if (!include) return

  // check if the parent of dest exists, and create it if it doesn't exist
  const destParent = path.dirname(dest)
  const dirExists = await pathExists(destParent)
  if (!dirExists) {
    await mkdirs(destParent)
  }

  await getStatsAndPerformCopy(destStat, src, dest, opts)
}

async function runFilter (src, dest, opts) {
  if (!opts.filter) return true
  return opts.filter(src, dest)
}

async function getStatsAndPerformCopy (destStat, src, dest, opts) {
  const statFn = opts.dereference ? fs.stat : fs.lstat
  const srcStat = await statFn(src)

  if (srcStat.isDirectory()) return onDir(srcStat, destStat, src, dest, opts)

  if (
    srcStat.isFile() ||
    srcStat.isCharacterDevice() ||
    srcStat.isBlockDevice()
  ) return onFile(srcStat, destStat, src, dest, opts)

  if (srcStat.isSymbolicLink()) return onLink(destStat, src, dest, opts)
  if (srcStat.isSocket()) throw new Error(`Cannot copy a socket file: ${src}`)
  if (srcStat.isFIFO()) throw new Error(`Cannot copy a FIFO pipe: ${src}`)
  throw new Error(`Unknown file: ${src}`)
}

async function onFile (srcStat, destStat, src, dest, opts) {
  if (!destStat) return copyFile(srcStat, src, dest, opts)

  if (opts.overwrite) {
    await fs.unlink(dest)
    return copyFile(srcStat, src, dest, opts)
  }
  if (opts.errorOnExist) {
    throw new Error(`'${dest}' already exists`)
  }
}

async function copyFile (srcStat, src, dest, opts) {
  await fs.copyFile(src, dest)
  if (opts.preserveTimestamps) {
    // Make sure the file is writable before setting the timestamp
    // otherwise open fails with EPERM when invoked with 'r+'
    // (through utimes call)
    if (fileIsNotWritable(srcStat.mode)) {
      await makeFileWritable(dest, srcStat.mode)
    }

    // Set timestamps and mode correspondingly

    // Note that The initial srcStat.atime cannot be trusted
    // because it is modified by the read(2) system call
    // (See https://nodejs.org/api/fs.html#fs_stat_time_values)
    const updatedSrcStat = await fs.stat(src)
    await utimesMillis(dest, updatedSrcStat.atime, updatedSrcStat.mtime)
  }

  return fs.chmod(dest, srcStat.mode)
}

function fileIsNotWritable (srcMode) {
  return (srcMode & 0o200) === 0
}

function makeFileWritable (dest, srcMode) {
  return fs.chmod(dest, srcMode | 0o200)
}

async function onDir (srcStat, destStat, src, dest, opts) {
  // the dest directory might not exist, create it
  if (!destStat) {
    await fs.mkdir(dest)
  }

  // iterate through the files in the current directory to copy everything
  await asyncIteratorConcurrentProcess(await fs.opendir(src), async (item) => {
    const srcItem = path.join(src, item.name)
    const destItem = path.join(dest, item.name)

    const include = await runFilter(srcItem, destItem, opts)
    // only copy the item if it matches the filter function
    if (include) {
      const { destStat } = await stat.checkPaths(srcItem, destItem, 'copy', opts)
      // If the item is a copyable file, `getStatsAndPerformCopy` will copy it
      // If the item is a directory, `getStatsAndPerformCopy` will call `onDir` recursively
      await getStatsAndPerformCopy(destStat, srcItem, destItem, opts)
    }
  })

  if (!destStat) {
    await fs.chmod(dest, srcStat.mode)
  }
}

async function onLink (destStat, src, dest, opts) {
  let resolvedSrc = await fs.readlink(src)
  if (opts.dereference) {
    resolvedSrc = path.resolve(process.cwd(), resolvedSrc)
  }
  if (!destStat) {
    return fs.symlink(resolvedSrc, dest)
  }

  let resolvedDest = null
  try {
    resolvedDest = await fs.readlink(dest)
  } catch (e) {
    // dest exists and is a regular file or directory,
    // Windows may throw UNKNOWN error. If dest already exists,
    // fs throws error anyway, so no need to guard against it here.
    if (e.code === 'EINVAL' || e.code === 'UNKNOWN') return fs.symlink(resolvedSrc, dest)
    throw e
  }
  if (opts.dereference) {
    resolvedDest = path.resolve(process.cwd(), resolvedDest)
  }
  // If both symlinks resolve to the same target, they are still distinct symlinks
  // that can be copied/overwritten. Only check subdirectory constraints when
  // the resolved paths are different.
  if (resolvedSrc !== resolvedDest) {
    if (stat.isSrcSubdir(resolvedSrc, resolvedDest)) {
      throw new Error(`Cannot copy '${resolvedSrc}' to a subdirectory of itself, '${resolvedDest}'.`)
    }

    // do not copy if src is a subdir of dest since unlinking
    // dest in this case would result in removing src contents
    // and therefore a broken symlink would be created.
    if (stat.isSrcSubdir(resolvedDest, resolvedSrc)) {
      throw new Error(`Cannot overwrite '${resolvedDest}' with '${resolvedSrc}'.`)
    }
  }

  // copy the link
  await fs.unlink(dest)
  return fs.symlink(resolvedSrc, dest)
}

module.exports = copy


/***/ }),

/***/ 75796:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
module.exports = {
  copy: u(__webpack_require__(81759)),
  copySync: __webpack_require__(14839)
}


/***/ }),

/***/ 47882:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const fs = __webpack_require__(3506)
const path = __webpack_require__(16928)
const mkdir = __webpack_require__(31089)
const remove = __webpack_require__(56205)

const emptyDir = u(async function emptyDir (dir) {
  let items
  try {
    items = await fs.readdir(dir)
  } catch {
    return mkdir.mkdirs(dir)
  }

  return Promise.all(items.map(item => remove.remove(path.join(dir, item))))
})

function emptyDirSync (dir) {
  let items
  try {
    items = fs.readdirSync(dir)
  } catch {
    return mkdir.mkdirsSync(dir)
  }

  items.forEach(item => {
    item = path.join(dir, item)
    remove.removeSync(item)
  })
}

module.exports = {
  emptyDirSync,
  emptydirSync: emptyDirSync,
  emptyDir,
  emptydir: emptyDir
}


/***/ }),

/***/ 13529:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const path = __webpack_require__(16928)
const fs = __webpack_require__(3506)
const mkdir = __webpack_require__(31089)

async function createFile (file) {
  let stats
  try {
    stats = await fs.stat(file)
  } catch { }
  if (stats && stats.isFile()) return

  const dir = path.dirname(file)

  let dirStats = null
  try {
    dirStats = await fs.stat(dir)
  } catch (err) {
    // if the directory doesn't exist, make it
    if (err.code === 'ENOENT') {
      await mkdir.mkdirs(dir)
      await fs.writeFile(file, '')
      return
    } else {
      throw err
    }
  }

  if (dirStats.isDirectory()) {
    await fs.writeFile(file, '')
  } else {
    // parent is not a directory
    // This is just to cause an internal ENOTDIR error to be thrown
    await fs.readdir(dir)
  }
}

function createFileSync (file) {
  let stats
  try {
    stats = fs.statSync(file)
  } catch { }
  if (stats && stats.isFile()) return

  const dir = path.dirname(file)
  try {
    if (!fs.statSync(dir).isDirectory()) {
      // parent is not a directory
      // This is just to cause an internal ENOTDIR error to be thrown
      fs.readdirSync(dir)
    }
  } catch (err) {
    // If the stat call above failed because the directory doesn't exist, create it
    if (err && err.code === 'ENOENT') mkdir.mkdirsSync(dir)
    else throw err
  }

  fs.writeFileSync(file, '')
}

module.exports = {
  createFile: u(createFile),
  createFileSync
}


/***/ }),

/***/ 45779:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const { createFile, createFileSync } = __webpack_require__(13529)
const { createLink, createLinkSync } = __webpack_require__(38751)
const { createSymlink, createSymlinkSync } = __webpack_require__(84896)

module.exports = {
  // file
  createFile,
  createFileSync,
  ensureFile: createFile,
  ensureFileSync: createFileSync,
  // link
  createLink,
  createLinkSync,
  ensureLink: createLink,
  ensureLinkSync: createLinkSync,
  // symlink
  createSymlink,
  createSymlinkSync,
  ensureSymlink: createSymlink,
  ensureSymlinkSync: createSymlinkSync
}


/***/ }),

/***/ 38751:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const path = __webpack_require__(16928)
const fs = __webpack_require__(3506)
const mkdir = __webpack_require__(31089)
const { pathExists } = __webpack_require__(52881)
const { areIdentical } = __webpack_require__(90887)

async function createLink (srcpath, dstpath) {
  let dstStat
  try {
    dstStat = await fs.lstat(dstpath, { bigint: true })
  } catch {
    // ignore error
  }

  let srcStat
  try {
    srcStat = await fs.lstat(srcpath, { bigint: true })
  } catch (err) {
    err.message = err.message.replace('lstat', 'ensureLink')
    throw err
  }

  if (dstStat && areIdentical(srcStat, dstStat)) return

  const dir = path.dirname(dstpath)

  const dirExists = await pathExists(dir)

  if (!dirExists) {
    await mkdir.mkdirs(dir)
  }

  await fs.link(srcpath, dstpath)
}

function createLinkSync (srcpath, dstpath) {
  let dstStat
  try {
    dstStat = fs.lstatSync(dstpath, { bigint: true })
  } catch {}

  try {
    const srcStat = fs.lstatSync(srcpath, { bigint: true })
    if (dstStat && areIdentical(srcStat, dstStat)) return
  } catch (err) {
    err.message = err.message.replace('lstat', 'ensureLink')
    throw err
  }

  const dir = path.dirname(dstpath)
  const dirExists = fs.existsSync(dir)
  if (dirExists) return fs.linkSync(srcpath, dstpath)
  mkdir.mkdirsSync(dir)

  return fs.linkSync(srcpath, dstpath)
}

module.exports = {
  createLink: u(createLink),
  createLinkSync
}


/***/ }),

/***/ 83121:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const path = __webpack_require__(16928)
const fs = __webpack_require__(3506)
const { pathExists } = __webpack_require__(52881)

const u = (__webpack_require__(95077).fromPromise)

/**
 * Function that returns two types of paths, one relative to symlink, and one
 * relative to the current working directory. Checks if path is absolute or
 * relative. If the path is relative, this function checks if the path is
 * relative to symlink or relative to current working directory. This is an
 * initiative to find a smarter `srcpath` to supply when building symlinks.
 * This allows you to determine which path to use out of one of three possible
 * types of source paths. The first is an absolute path. This is detected by
 * `path.isAbsolute()`. When an absolute path is provided, it is checked to
 * see if it exists. If it does it's used, if not an error is returned
 * (callback)/ thrown (sync). The other two options for `srcpath` are a
 * relative url. By default Node's `fs.symlink` works by creating a symlink
 * using `dstpath` and expects the `srcpath` to be relative to the newly
 * created symlink. If you provide a `srcpath` that does not exist on the file
 * system it results in a broken symlink. To minimize this, the function
 * checks to see if the 'relative to symlink' source file exists, and if it
 * does it will use it. If it does not, it checks if there's a file that
 * exists that is relative to the current working directory, if does its used.
 * This preserves the expectations of the original fs.symlink spec and adds
 * the ability to pass in `relative to current working direcotry` paths.
 */

async function symlinkPaths (srcpath, dstpath) {
  if (path.isAbsolute(srcpath)) {
    try {
      await fs.lstat(srcpath)
    } catch (err) {
      err.message = err.message.replace('lstat', 'ensureSymlink')
      throw err
    }

    return {
      toCwd: srcpath,
      toDst: srcpath
    }
  }

  const dstdir = path.dirname(dstpath)
  const relativeToDst = path.join(dstdir, srcpath)

  const exists = await pathExists(relativeToDst)
  if (exists) {
    return {
      toCwd: relativeToDst,
      toDst: srcpath
    }
  }

  try {
    await fs.lstat(srcpath)
  } catch (err) {
    err.message = err.message.replace('lstat', 'ensureSymlink')
    throw err
  }

  return {
    toCwd: srcpath,
    toDst: path.relative(dstdir, srcpath)
  }
}

function symlinkPathsSync (srcpath, dstpath) {
  if (path.isAbsolute(srcpath)) {
    const exists = fs.existsSync(srcpath)
    if (!exists) throw new Error('absolute srcpath does not exist')
    return {
      toCwd: srcpath,
      toDst: srcpath
    }
  }

  const dstdir = path.dirname(dstpath)
  const relativeToDst = path.join(dstdir, srcpath)
  const exists = fs.existsSync(relativeToDst)
  if (exists) {
    return {
      toCwd: relativeToDst,
      toDst: srcpath
    }
  }

  const srcExists = fs.existsSync(srcpath)
  if (!srcExists) throw new Error('relative srcpath does not exist')
  return {
    toCwd: srcpath,
    toDst: path.relative(dstdir, srcpath)
  }
}

module.exports = {
  symlinkPaths: u(symlinkPaths),
  symlinkPathsSync
}


/***/ }),

/***/ 87045:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(3506)
const u = (__webpack_require__(95077).fromPromise)

async function symlinkType (srcpath, type) {
  if (type) return type

  let stats
  try {
    stats = await fs.lstat(srcpath)
  } catch {
    return 'file'
  }

  return (stats && stats.isDirectory()) ? 'dir' : 'file'
}

function symlinkTypeSync (srcpath, type) {
  if (type) return type

  let stats
  try {
    stats = fs.lstatSync(srcpath)
  } catch {
    return 'file'
  }
  return (stats && stats.isDirectory()) ? 'dir' : 'file'
}

module.exports = {
  symlinkType: u(symlinkType),
  symlinkTypeSync
}


/***/ }),

/***/ 84896:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const path = __webpack_require__(16928)
const fs = __webpack_require__(3506)

const { mkdirs, mkdirsSync } = __webpack_require__(31089)

const { symlinkPaths, symlinkPathsSync } = __webpack_require__(83121)
const { symlinkType, symlinkTypeSync } = __webpack_require__(87045)

const { pathExists } = __webpack_require__(52881)

const { areIdentical } = __webpack_require__(90887)

async function createSymlink (srcpath, dstpath, type) {
  let stats
  try {
    stats = await fs.lstat(dstpath)
  } catch { }

  if (stats && stats.isSymbolicLink()) {
    // When srcpath is relative, resolve it relative to dstpath's directory
    // (standard symlink behavior) or fall back to cwd if that doesn't exist
    let srcStat
    if (path.isAbsolute(srcpath)) {
      srcStat = await fs.stat(srcpath, { bigint: true })
    } else {
      const dstdir = path.dirname(dstpath)
      const relativeToDst = path.join(dstdir, srcpath)
      try {
        srcStat = await fs.stat(relativeToDst, { bigint: true })
      } catch {
        srcStat = await fs.stat(srcpath, { bigint: true })
      }
    }

    const dstStat = await fs.stat(dstpath, { bigint: true })
    if (areIdentical(srcStat, dstStat)) return
  }

  const relative = await symlinkPaths(srcpath, dstpath)
  srcpath = relative.toDst
  const toType = await symlinkType(relative.toCwd, type)
  const dir = path.dirname(dstpath)

  if (!(await pathExists(dir))) {
    await mkdirs(dir)
  }

  return fs.symlink(srcpath, dstpath, toType)
}

function createSymlinkSync (srcpath, dstpath, type) {
  let stats
  try {
    stats = fs.lstatSync(dstpath)
  } catch { }
  if (stats && stats.isSymbolicLink()) {
    // When srcpath is relative, resolve it relative to dstpath's directory
    // (standard symlink behavior) or fall back to cwd if that doesn't exist
    let srcStat
    if (path.isAbsolute(srcpath)) {
      srcStat = fs.statSync(srcpath, { bigint: true })
    } else {
      const dstdir = path.dirname(dstpath)
      const relativeToDst = path.join(dstdir, srcpath)
      try {
        srcStat = fs.statSync(relativeToDst, { bigint: true })
      } catch {
        srcStat = fs.statSync(srcpath, { bigint: true })
      }
    }

    const dstStat = fs.statSync(dstpath, { bigint: true })
    if (areIdentical(srcStat, dstStat)) return
  }

  const relative = symlinkPathsSync(srcpath, dstpath)
  srcpath = relative.toDst
  type = symlinkTypeSync(relative.toCwd, type)
  const dir = path.dirname(dstpath)
  const exists = fs.existsSync(dir)
  if (exists) return fs.symlinkSync(srcpath, dstpath, type)
  mkdirsSync(dir)
  return fs.symlinkSync(srcpath, dstpath, type)
}

module.exports = {
  createSymlink: u(createSymlink),
  createSymlinkSync
}


/***/ }),

/***/ 3506:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


// This is adapted from https://github.com/normalize/mz
// Copyright (c) 2014-2016 Jonathan Ong me@jongleberry.com and Contributors
const u = (__webpack_require__(95077).fromCallback)
const fs = __webpack_require__(35744)

const api = [
  'access',
  'appendFile',
  'chmod',
  'chown',
  'close',
  'copyFile',
  'cp',
  'fchmod',
  'fchown',
  'fdatasync',
  'fstat',
  'fsync',
  'ftruncate',
  'futimes',
  'glob',
  'lchmod',
  'lchown',
  'lutimes',
  'link',
  'lstat',
  'mkdir',
  'mkdtemp',
  'open',
  'opendir',
  'readdir',
  'readFile',
  'readlink',
  'realpath',
  'rename',
  'rm',
  'rmdir',
  'stat',
  'statfs',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'writeFile'
].filter(key => {
  // Some commands are not available on some systems. Ex:
  // fs.cp was added in Node.js v16.7.0
  // fs.statfs was added in Node v19.6.0, v18.15.0
  // fs.glob was added in Node.js v22.0.0
  // fs.lchown is not available on at least some Linux
  return typeof fs[key] === 'function'
})

// Export cloned fs:
Object.assign(exports, fs)

// Universalify async methods:
api.forEach(method => {
  exports[method] = u(fs[method])
})

// We differ from mz/fs in that we still ship the old, broken, fs.exists()
// since we are a drop-in replacement for the native module
exports.exists = function (filename, callback) {
  if (typeof callback === 'function') {
    return fs.exists(filename, callback)
  }
  return new Promise(resolve => {
    return fs.exists(filename, resolve)
  })
}

// fs.read(), fs.write(), fs.readv(), & fs.writev() need special treatment due to multiple callback args

exports.read = function (fd, buffer, offset, length, position, callback) {
  if (typeof callback === 'function') {
    return fs.read(fd, buffer, offset, length, position, callback)
  }
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (err, bytesRead, buffer) => {
      if (err) return reject(err)
      resolve({ bytesRead, buffer })
    })
  })
}

// Function signature can be
// fs.write(fd, buffer[, offset[, length[, position]]], callback)
// OR
// fs.write(fd, string[, position[, encoding]], callback)
// We need to handle both cases, so we use ...args
exports.write = function (fd, buffer, ...args) {
  if (typeof args[args.length - 1] === 'function') {
    return fs.write(fd, buffer, ...args)
  }

  return new Promise((resolve, reject) => {
    fs.write(fd, buffer, ...args, (err, bytesWritten, buffer) => {
      if (err) return reject(err)
      resolve({ bytesWritten, buffer })
    })
  })
}

// Function signature is
// s.readv(fd, buffers[, position], callback)
// We need to handle the optional arg, so we use ...args
exports.readv = function (fd, buffers, ...args) {
  if (typeof args[args.length - 1] === 'function') {
    return fs.readv(fd, buffers, ...args)
  }

  return new Promise((resolve, reject) => {
    fs.readv(fd, buffers, ...args, (err, bytesRead, buffers) => {
      if (err) return reject(err)
      resolve({ bytesRead, buffers })
    })
  })
}

// Function signature is
// s.writev(fd, buffers[, position], callback)
// We need to handle the optional arg, so we use ...args
exports.writev = function (fd, buffers, ...args) {
  if (typeof args[args.length - 1] === 'function') {
    return fs.writev(fd, buffers, ...args)
  }

  return new Promise((resolve, reject) => {
    fs.writev(fd, buffers, ...args, (err, bytesWritten, buffers) => {
      if (err) return reject(err)
      resolve({ bytesWritten, buffers })
    })
  })
}

// fs.realpath.native sometimes not available if fs is monkey-patched
if (typeof fs.realpath.native === 'function') {
  exports.realpath.native = u(fs.realpath.native)
} else {
  process.emitWarning(
    'fs.realpath.native is not a function. Is fs being monkey-patched?',
    'Warning', 'fs-extra-WARN0003'
  )
}


/***/ }),

/***/ 72136:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



module.exports = {
  // Export promiseified graceful-fs:
  ...__webpack_require__(3506),
  // Export extra methods:
  ...__webpack_require__(75796),
  ...__webpack_require__(47882),
  ...__webpack_require__(45779),
  ...__webpack_require__(68471),
  ...__webpack_require__(31089),
  ...__webpack_require__(92076),
  ...__webpack_require__(35229),
  ...__webpack_require__(52881),
  ...__webpack_require__(56205)
}


/***/ }),

/***/ 68471:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const jsonFile = __webpack_require__(86239)

jsonFile.outputJson = u(__webpack_require__(3753))
jsonFile.outputJsonSync = __webpack_require__(90425)
// aliases
jsonFile.outputJSON = jsonFile.outputJson
jsonFile.outputJSONSync = jsonFile.outputJsonSync
jsonFile.writeJSON = jsonFile.writeJson
jsonFile.writeJSONSync = jsonFile.writeJsonSync
jsonFile.readJSON = jsonFile.readJson
jsonFile.readJSONSync = jsonFile.readJsonSync

module.exports = jsonFile


/***/ }),

/***/ 86239:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const jsonFile = __webpack_require__(92064)

module.exports = {
  // jsonfile exports
  readJson: jsonFile.readFile,
  readJsonSync: jsonFile.readFileSync,
  writeJson: jsonFile.writeFile,
  writeJsonSync: jsonFile.writeFileSync
}


/***/ }),

/***/ 90425:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const { stringify } = __webpack_require__(79449)
const { outputFileSync } = __webpack_require__(35229)

function outputJsonSync (file, data, options) {
  const str = stringify(data, options)

  outputFileSync(file, str, options)
}

module.exports = outputJsonSync


/***/ }),

/***/ 3753:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const { stringify } = __webpack_require__(79449)
const { outputFile } = __webpack_require__(35229)

async function outputJson (file, data, options = {}) {
  const str = stringify(data, options)

  await outputFile(file, str, options)
}

module.exports = outputJson


/***/ }),

/***/ 31089:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


const u = (__webpack_require__(95077).fromPromise)
const { makeDir: _makeDir, makeDirSync } = __webpack_require__(89625)
const makeDir = u(_makeDir)

module.exports = {
  mkdirs: makeDir,
  mkdirsSync: makeDirSync,
  // alias
  mkdirp: makeDir,
  mkdirpSync: makeDirSync,
  ensureDir: makeDir,
  ensureDirSync: makeDirSync
}


/***/ }),

/***/ 89625:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


const fs = __webpack_require__(3506)
const { checkPath } = __webpack_require__(83388)

const getMode = options => {
  const defaults = { mode: 0o777 }
  if (typeof options === 'number') return options
  return ({ ...defaults, ...options }).mode
}

module.exports.makeDir = async (dir, options) => {
  checkPath(dir)

  return fs.mkdir(dir, {
    mode: getMode(options),
    recursive: true
  })
}

module.exports.makeDirSync = (dir, options) => {
  checkPath(dir)

  return fs.mkdirSync(dir, {
    mode: getMode(options),
    recursive: true
  })
}


/***/ }),

/***/ 83388:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// Adapted from https://github.com/sindresorhus/make-dir
// Copyright (c) Sindre Sorhus <sindresorhus@gmail.com> (sindresorhus.com)
// Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:
// The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

const path = __webpack_require__(16928)

// https://github.com/nodejs/node/issues/8987
// https://github.com/libuv/libuv/pull/1088
module.exports.checkPath = function checkPath (pth) {
  if (process.platform === 'win32') {
    const pathHasInvalidWinCharacters = /[<>:"|?*]/.test(pth.replace(path.parse(pth).root, ''))

    if (pathHasInvalidWinCharacters) {
      const error = new Error(`Path contains invalid characters: ${pth}`)
      error.code = 'EINVAL'
      throw error
    }
  }
}


/***/ }),

/***/ 92076:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
module.exports = {
  move: u(__webpack_require__(47751)),
  moveSync: __webpack_require__(89951)
}


/***/ }),

/***/ 89951:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(35744)
const path = __webpack_require__(16928)
const copySync = (__webpack_require__(75796).copySync)
const removeSync = (__webpack_require__(56205).removeSync)
const mkdirpSync = (__webpack_require__(31089).mkdirpSync)
const stat = __webpack_require__(90887)

function moveSync (src, dest, opts) {
  opts = opts || {}
  const overwrite = opts.overwrite || opts.clobber || false

  const { srcStat, isChangingCase = false } = stat.checkPathsSync(src, dest, 'move', opts)
  stat.checkParentPathsSync(src, srcStat, dest, 'move')
  if (!isParentRoot(dest)) mkdirpSync(path.dirname(dest))
  return doRename(src, dest, overwrite, isChangingCase)
}

function isParentRoot (dest) {
  const parent = path.dirname(dest)
  const parsedPath = path.parse(parent)
  return parsedPath.root === parent
}

function doRename (src, dest, overwrite, isChangingCase) {
  if (isChangingCase) return rename(src, dest, overwrite)
  if (overwrite) {
    removeSync(dest)
    return rename(src, dest, overwrite)
  }
  if (fs.existsSync(dest)) throw new Error('dest already exists.')
  return rename(src, dest, overwrite)
}

function rename (src, dest, overwrite) {
  try {
    fs.renameSync(src, dest)
  } catch (err) {
    if (err.code !== 'EXDEV') throw err
    return moveAcrossDevice(src, dest, overwrite)
  }
}

function moveAcrossDevice (src, dest, overwrite) {
  const opts = {
    overwrite,
    errorOnExist: true,
    preserveTimestamps: true
  }
  copySync(src, dest, opts)
  return removeSync(src)
}

module.exports = moveSync


/***/ }),

/***/ 47751:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(3506)
const path = __webpack_require__(16928)
const { copy } = __webpack_require__(75796)
const { remove } = __webpack_require__(56205)
const { mkdirp } = __webpack_require__(31089)
const { pathExists } = __webpack_require__(52881)
const stat = __webpack_require__(90887)

async function move (src, dest, opts = {}) {
  const overwrite = opts.overwrite || opts.clobber || false

  const { srcStat, isChangingCase = false } = await stat.checkPaths(src, dest, 'move', opts)

  await stat.checkParentPaths(src, srcStat, dest, 'move')

  // If the parent of dest is not root, make sure it exists before proceeding
  const destParent = path.dirname(dest)
  const parsedParentPath = path.parse(destParent)
  if (parsedParentPath.root !== destParent) {
    await mkdirp(destParent)
  }

  return doRename(src, dest, overwrite, isChangingCase)
}

async function doRename (src, dest, overwrite, isChangingCase) {
  if (!isChangingCase) {
    if (overwrite) {
      await remove(dest)
    } else if (await pathExists(dest)) {
      throw new Error('dest already exists.')
    }
  }

  try {
    // Try w/ rename first, and try copy + remove if EXDEV
    await fs.rename(src, dest)
  } catch (err) {
    if (err.code !== 'EXDEV') {
      throw err
    }
    await moveAcrossDevice(src, dest, overwrite)
  }
}

async function moveAcrossDevice (src, dest, overwrite) {
  const opts = {
    overwrite,
    errorOnExist: true,
    preserveTimestamps: true
  }

  await copy(src, dest, opts)
  return remove(src)
}

module.exports = move


/***/ }),

/***/ 35229:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const u = (__webpack_require__(95077).fromPromise)
const fs = __webpack_require__(3506)
const path = __webpack_require__(16928)
const mkdir = __webpack_require__(31089)
const pathExists = (__webpack_require__(52881).pathExists)

async function outputFile (file, data, encoding = 'utf-8') {
  const dir = path.dirname(file)

  if (!(await pathExists(dir))) {
    await mkdir.mkdirs(dir)
  }

  return fs.writeFile(file, data, encoding)
}

function outputFileSync (file, ...args) {
  const dir = path.dirname(file)
  if (!fs.existsSync(dir)) {
    mkdir.mkdirsSync(dir)
  }

  fs.writeFileSync(file, ...args)
}

module.exports = {
  outputFile: u(outputFile),
  outputFileSync
}


/***/ }),

/***/ 52881:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {


const u = (__webpack_require__(95077).fromPromise)
const fs = __webpack_require__(3506)

function pathExists (path) {
  return fs.access(path).then(() => true).catch(() => false)
}

module.exports = {
  pathExists: u(pathExists),
  pathExistsSync: fs.existsSync
}


/***/ }),

/***/ 56205:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(35744)
const u = (__webpack_require__(95077).fromCallback)

function remove (path, callback) {
  fs.rm(path, { recursive: true, force: true }, callback)
}

function removeSync (path) {
  fs.rmSync(path, { recursive: true, force: true })
}

module.exports = {
  remove: u(remove),
  removeSync
}


/***/ }),

/***/ 50353:
/***/ ((module) => {



// https://github.com/jprichardson/node-fs-extra/issues/1056
// Performing parallel operations on each item of an async iterator is
// surprisingly hard; you need to have handlers in place to avoid getting an
// UnhandledPromiseRejectionWarning.
// NOTE: This function does not presently handle return values, only errors
async function asyncIteratorConcurrentProcess (iterator, fn) {
  const promises = []
  for await (const item of iterator) {
    promises.push(
      fn(item).then(
        () => null,
        (err) => err ?? new Error('unknown error')
      )
    )
  }
  await Promise.all(
    promises.map((promise) =>
      promise.then((possibleErr) => {
        if (possibleErr !== null) throw possibleErr
      })
    )
  )
}

module.exports = {
  asyncIteratorConcurrentProcess
}


/***/ }),

/***/ 90887:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(3506)
const path = __webpack_require__(16928)
const u = (__webpack_require__(95077).fromPromise)

function getStats (src, dest, opts) {
  const statFunc = opts.dereference
    ? (file) => fs.stat(file, { bigint: true })
    : (file) => fs.lstat(file, { bigint: true })
  return Promise.all([
    statFunc(src),
    statFunc(dest).catch(err => {
      if (err.code === 'ENOENT') return null
      throw err
    })
  ]).then(([srcStat, destStat]) => ({ srcStat, destStat }))
}

function getStatsSync (src, dest, opts) {
  let destStat
  const statFunc = opts.dereference
    ? (file) => fs.statSync(file, { bigint: true })
    : (file) => fs.lstatSync(file, { bigint: true })
  const srcStat = statFunc(src)
  try {
    destStat = statFunc(dest)
  } catch (err) {
    if (err.code === 'ENOENT') return { srcStat, destStat: null }
    throw err
  }
  return { srcStat, destStat }
}

async function checkPaths (src, dest, funcName, opts) {
  const { srcStat, destStat } = await getStats(src, dest, opts)
  if (destStat) {
    if (areIdentical(srcStat, destStat)) {
      const srcBaseName = path.basename(src)
      const destBaseName = path.basename(dest)
      if (funcName === 'move' &&
        srcBaseName !== destBaseName &&
        srcBaseName.toLowerCase() === destBaseName.toLowerCase()) {
        return { srcStat, destStat, isChangingCase: true }
      }
      throw new Error('Source and destination must not be the same.')
    }
    if (srcStat.isDirectory() && !destStat.isDirectory()) {
      throw new Error(`Cannot overwrite non-directory '${dest}' with directory '${src}'.`)
    }
    if (!srcStat.isDirectory() && destStat.isDirectory()) {
      throw new Error(`Cannot overwrite directory '${dest}' with non-directory '${src}'.`)
    }
  }

  if (srcStat.isDirectory() && isSrcSubdir(src, dest)) {
    throw new Error(errMsg(src, dest, funcName))
  }

  return { srcStat, destStat }
}

function checkPathsSync (src, dest, funcName, opts) {
  const { srcStat, destStat } = getStatsSync(src, dest, opts)

  if (destStat) {
    if (areIdentical(srcStat, destStat)) {
      const srcBaseName = path.basename(src)
      const destBaseName = path.basename(dest)
      if (funcName === 'move' &&
        srcBaseName !== destBaseName &&
        srcBaseName.toLowerCase() === destBaseName.toLowerCase()) {
        return { srcStat, destStat, isChangingCase: true }
      }
      throw new Error('Source and destination must not be the same.')
    }
    if (srcStat.isDirectory() && !destStat.isDirectory()) {
      throw new Error(`Cannot overwrite non-directory '${dest}' with directory '${src}'.`)
    }
    if (!srcStat.isDirectory() && destStat.isDirectory()) {
      throw new Error(`Cannot overwrite directory '${dest}' with non-directory '${src}'.`)
    }
  }

  if (srcStat.isDirectory() && isSrcSubdir(src, dest)) {
    throw new Error(errMsg(src, dest, funcName))
  }
  return { srcStat, destStat }
}

// recursively check if dest parent is a subdirectory of src.
// It works for all file types including symlinks since it
// checks the src and dest inodes. It starts from the deepest
// parent and stops once it reaches the src parent or the root path.
async function checkParentPaths (src, srcStat, dest, funcName) {
  const srcParent = path.resolve(path.dirname(src))
  const destParent = path.resolve(path.dirname(dest))
  if (destParent === srcParent || destParent === path.parse(destParent).root) return

  let destStat
  try {
    destStat = await fs.stat(destParent, { bigint: true })
  } catch (err) {
    // The destination parent does not exist yet, but a deeper ancestor might
    // (e.g. when it is a symlink into the source tree). Keep walking up so the
    // self-subdirectory check is not bypassed.
    if (err.code === 'ENOENT') return checkParentPaths(src, srcStat, destParent, funcName)
    throw err
  }

  if (areIdentical(srcStat, destStat)) {
    throw new Error(errMsg(src, dest, funcName))
  }

  return checkParentPaths(src, srcStat, destParent, funcName)
}

function checkParentPathsSync (src, srcStat, dest, funcName) {
  const srcParent = path.resolve(path.dirname(src))
  const destParent = path.resolve(path.dirname(dest))
  if (destParent === srcParent || destParent === path.parse(destParent).root) return
  let destStat
  try {
    destStat = fs.statSync(destParent, { bigint: true })
  } catch (err) {
    // The destination parent does not exist yet, but a deeper ancestor might
    // (e.g. when it is a symlink into the source tree). Keep walking up so the
    // self-subdirectory check is not bypassed.
    if (err.code === 'ENOENT') return checkParentPathsSync(src, srcStat, destParent, funcName)
    throw err
  }
  if (areIdentical(srcStat, destStat)) {
    throw new Error(errMsg(src, dest, funcName))
  }
  return checkParentPathsSync(src, srcStat, destParent, funcName)
}

function areIdentical (srcStat, destStat) {
  // stat.dev can be 0n on windows when node version >= 22.x.x
  return destStat.ino !== undefined && destStat.dev !== undefined && destStat.ino === srcStat.ino && destStat.dev === srcStat.dev
}

// return true if dest is a subdir of src, otherwise false.
// It only checks the path strings.
function isSrcSubdir (src, dest) {
  const srcArr = path.resolve(src).split(path.sep).filter(i => i)
  const destArr = path.resolve(dest).split(path.sep).filter(i => i)
  return srcArr.every((cur, i) => destArr[i] === cur)
}

function errMsg (src, dest, funcName) {
  return `Cannot ${funcName} '${src}' to a subdirectory of itself, '${dest}'.`
}

module.exports = {
  // checkPaths
  checkPaths: u(checkPaths),
  checkPathsSync,
  // checkParent
  checkParentPaths: u(checkParentPaths),
  checkParentPathsSync,
  // Misc
  isSrcSubdir,
  areIdentical
}


/***/ }),

/***/ 96934:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



const fs = __webpack_require__(3506)
const u = (__webpack_require__(95077).fromPromise)

async function utimesMillis (path, atime, mtime) {
  const fd = await fs.open(path, 'r+')

  let error = null

  try {
    await fs.futimes(fd, atime, mtime)
  } catch (futimesErr) {
    error = futimesErr
  } finally {
    try {
      await fs.close(fd)
    } catch (closeErr) {
      if (!error) error = closeErr
    }
  }

  if (error) {
    throw error
  }
}

function utimesMillisSync (path, atime, mtime) {
  const fd = fs.openSync(path, 'r+')

  let error = null

  try {
    fs.futimesSync(fd, atime, mtime)
  } catch (futimesErr) {
    error = futimesErr
  } finally {
    try {
      fs.closeSync(fd)
    } catch (closeErr) {
      if (!error) error = closeErr
    }
  }

  if (error) {
    throw error
  }
}

module.exports = {
  utimesMillis: u(utimesMillis),
  utimesMillisSync
}


/***/ }),

/***/ 92064:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

let _fs
try {
  _fs = __webpack_require__(35744)
} catch (_) {
  _fs = __webpack_require__(79896)
}
const universalify = __webpack_require__(95077)
const { stringify, stripBom } = __webpack_require__(79449)

async function _readFile (file, options = {}) {
  if (typeof options === 'string') {
    options = { encoding: options }
  }

  const fs = options.fs || _fs

  const shouldThrow = 'throws' in options ? options.throws : true

  let data = await universalify.fromCallback(fs.readFile)(file, options)

  data = stripBom(data)

  let obj
  try {
    obj = JSON.parse(data, options ? options.reviver : null)
  } catch (err) {
    if (shouldThrow) {
      err.message = `${file}: ${err.message}`
      throw err
    } else {
      return null
    }
  }

  return obj
}

const readFile = universalify.fromPromise(_readFile)

function readFileSync (file, options = {}) {
  if (typeof options === 'string') {
    options = { encoding: options }
  }

  const fs = options.fs || _fs

  const shouldThrow = 'throws' in options ? options.throws : true

  try {
    let content = fs.readFileSync(file, options)
    content = stripBom(content)
    return JSON.parse(content, options.reviver)
  } catch (err) {
    if (shouldThrow) {
      err.message = `${file}: ${err.message}`
      throw err
    } else {
      return null
    }
  }
}

async function _writeFile (file, obj, options = {}) {
  const fs = options.fs || _fs

  const str = stringify(obj, options)

  await universalify.fromCallback(fs.writeFile)(file, str, options)
}

const writeFile = universalify.fromPromise(_writeFile)

function writeFileSync (file, obj, options = {}) {
  const fs = options.fs || _fs

  const str = stringify(obj, options)
  // not sure if fs.writeFileSync returns anything, but just in case
  return fs.writeFileSync(file, str, options)
}

// NOTE: do not change this export format; required for ESM compat
// see https://github.com/jprichardson/node-jsonfile/pull/162 for details
module.exports = {
  readFile,
  readFileSync,
  writeFile,
  writeFileSync
}


/***/ }),

/***/ 79449:
/***/ ((module) => {

function stringify (obj, { EOL = '\n', finalEOL = true, replacer = null, spaces } = {}) {
  const EOF = finalEOL ? EOL : ''
  const str = JSON.stringify(obj, replacer, spaces)

  if (str === undefined) {
    throw new TypeError(`Converting ${typeof obj} value to JSON is not supported`)
  }

  return str.replace(/\n/g, EOL) + EOF
}

function stripBom (content) {
  // we do this because JSON.parse would convert it to a utf8 string if encoding wasn't specified
  if (Buffer.isBuffer(content)) content = content.toString('utf8')
  return content.replace(/^\uFEFF/, '')
}

module.exports = { stringify, stripBom }


/***/ }),

/***/ 95077:
/***/ ((__unused_webpack_module, exports) => {



exports.fromCallback = function (fn) {
  return Object.defineProperty(function (...args) {
    if (typeof args[args.length - 1] === 'function') fn.apply(this, args)
    else {
      return new Promise((resolve, reject) => {
        args.push((err, res) => (err != null) ? reject(err) : resolve(res))
        fn.apply(this, args)
      })
    }
  }, 'name', { value: fn.name })
}

exports.fromPromise = function (fn) {
  return Object.defineProperty(function (...args) {
    const cb = args[args.length - 1]
    if (typeof cb !== 'function') return fn.apply(this, args)
    else {
      args.pop()
      fn.apply(this, args).then(r => cb(null, r), cb)
    }
  }, 'name', { value: fn.name })
}


/***/ }),

/***/ 49381:
/***/ ((module) => {

module.exports = eval("require")("performance");


/***/ })

};
