/**
 * DATA_DIR's default (`.data`, from the working directory): where the embedded database, uploads, the mail
 * folder and the server's code cache live. Its own module so that `main.js` can find the code cache before
 * the configuration (and zod) is loaded.
 */
export const DEFAULT_DATA_DIR = '.data';
