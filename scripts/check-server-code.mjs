// The server code's type-check and its eslint run on one TypeScript program: tsc and the
// type-aware rules would otherwise each build and check the same program (tsconfig.check.json),
// the largest of the static checks. Prints tsc's diagnostics, then eslint's report of every
// file in the repository; exits 1 on any type error, lint error or lint warning.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { TYPED, UNTYPED } from '../eslint.config.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function serverProgram() {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: report };
  const config = ts.getParsedCommandLineOfConfigFile('tsconfig.check.json', {}, host);
  if (config === undefined || config.errors.length > 0) {
    report(...(config?.errors ?? []));
    process.exit(1);
  }
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
}

function report(...diagnostics) {
  if (diagnostics.length === 0) return;
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
}

const program = serverProgram();
const typeErrors = ts.getPreEmitDiagnostics(program);
report(...typeErrors);

// The files eslint.config.js lints with type information read their types from this program.
const eslint = new ESLint({
  overrideConfig: [
    { files: TYPED, ignores: UNTYPED, languageOptions: { parserOptions: { programs: [program] } } },
  ],
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) console.log(text);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (typeErrors.length > 0) console.error(`Type errors in the server code: ${typeErrors.length}.`);
process.exit(typeErrors.length > 0 || problems > 0 ? 1 : 0);
