export const id = 496;
export const ids = [496];
export const modules = {

/***/ 88496:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   decryptBytesWithPassphrase: () => (/* binding */ decryptBytesWithPassphrase),
/* harmony export */   decryptWithPassphrase: () => (/* binding */ decryptWithPassphrase),
/* harmony export */   encryptWithPassphrase: () => (/* binding */ encryptWithPassphrase)
/* harmony export */ });
/* harmony import */ var age_encryption__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(16121);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(85779);


/**
 * Passphrase encryption for what must travel through channels GitHub does not mask (job outputs,
 * artifacts): age's scrypt recipient, ASCII-armoured, so the standard `age -d` tool opens it too.
 */
async function encryptWithPassphrase(plaintext, passphrase) {
    if (!passphrase)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo('a passphrase is required to encrypt');
    const encrypter = new age_encryption__WEBPACK_IMPORTED_MODULE_0__/* .Encrypter */ .T7();
    encrypter.setPassphrase(passphrase);
    return age_encryption__WEBPACK_IMPORTED_MODULE_0__/* .armor.encode */ .yE.encode(await encrypter.encrypt(plaintext));
}
async function decrypt(armored, passphrase, what) {
    let ciphertext;
    try {
        ciphertext = age_encryption__WEBPACK_IMPORTED_MODULE_0__/* .armor.decode */ .yE.decode(armored);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${what} is not an age-encrypted, ASCII-armoured file (expected -----BEGIN AGE ENCRYPTED FILE-----)`);
    }
    const decrypter = new age_encryption__WEBPACK_IMPORTED_MODULE_0__/* .Decrypter */ .Hz();
    decrypter.addPassphrase(passphrase);
    try {
        return await decrypter.decrypt(ciphertext);
    }
    catch (error) {
        // age says "no identity matched" for a wrong passphrase; its other complaints are about the file
        // (not age inside the armour, or cut short), where blaming the passphrase sent users the wrong way.
        const reason = (0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error);
        if (/incorrect passphrase|no identity matched/i.test(reason))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`cannot decrypt ${what}: the passphrase is wrong (use the same secret that encrypted it)`);
        if (/version line|header|stanza|unknown letter/i.test(reason))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${what} is not an age-encrypted file inside its armour (${reason})`);
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`cannot decrypt ${what}: it is damaged or cut short (${reason}); pass it whole`);
    }
}
async function decryptWithPassphrase(armored, passphrase, what) {
    return new TextDecoder().decode(await decrypt(armored, passphrase, what));
}
async function decryptBytesWithPassphrase(armored, passphrase, what) {
    return decrypt(armored, passphrase, what);
}


/***/ })

};
