// `npm run lint:i18n` (issue 30): the console's texts, checked three ways, each failing the run.
//  1. i18next-cli extract --ci: every key the code uses is in both languages' files and no key is
//     left that the code no longer uses (the extractor would have to change a file).
//  2. i18next-cli lint: no English text left in a component (JSX text and the attributes a reader
//     sees or a screen reader speaks, antd's props included; apps/console/i18next.config.ts).
//  3. Here: every Hindi text is written (not empty) and in Hindi: a text with no Devanagari letter
//     must be a code, an acronym or a name that Hindi keeps in Latin letters (LATIN_IN_HINDI).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const consoleDir = fileURLToPath(new URL('../apps/console', import.meta.url));
const hindiDir = join(consoleDir, 'src/i18n/locales/hi');

// Words a Hindi-reading shopkeeper reads in Latin letters on their bank's and NPCI's screens.
const LATIN_IN_HINDI =
  /^(?:[\s\d.,:;/()\-–—+%₹#*@&'"|?!…×=<>[\]]|\{\{[^}]+\}\}|\$t\([^)]+\)|Khata|AEPS|AePS|DMT|PPI|BBPS|UPI|IMPS|NEFT|RTGS|IFSC|PAN|GST|GSTIN|TDS|KYC|eKYC|OTP|PIN|MPIN|ID|URL|API|CSV|PDF|QR|SMS|RD|UIDAI|NPCI|RBI|IST|OK|Aadhaar|Pay10|Finkeda|Paycel|DHBVN|CIBIL|EMI|NACH|MDR|TID|RRN|UTR|IP|HTTP|JSON|HMAC|SHA-256|WhatsApp|Google|Email|e-mail|email|PG|POS|SIM|B2B|B2C|CIN|MSME|LLP|a\.m\.|p\.m\.|am|pm|Rs|INR|\d+[a-z]{0,2})*$/u;

const failures = [];

function run(label, args) {
  try {
    execFileSync('npx', ['i18next-cli', ...args], { cwd: consoleDir, stdio: 'pipe' });
    console.log(`lint:i18n: ${label}: ok`);
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
    failures.push(`${label}:\n${output}`);
  }
}

function* texts(value, path) {
  if (typeof value === 'string') yield [path, value];
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      yield* texts(inner, path ? `${path}.${key}` : key);
  }
}

run('every key in both languages, none unused', ['extract', '--ci', '--dry-run']);
run('no English text left in a component', ['lint']);

const notHindi = [];
for (const file of readdirSync(hindiDir).filter((name) => name.endsWith('.json'))) {
  const namespace = file.replace(/\.json$/, '');
  const json = JSON.parse(readFileSync(join(hindiDir, file), 'utf8'));
  for (const [key, text] of texts(json, '')) {
    if (text.trim() === '') notHindi.push(`${namespace}:${key} is empty`);
    else if (!/\p{Script=Devanagari}/u.test(text) && !LATIN_IN_HINDI.test(text)) {
      notHindi.push(`${namespace}:${key} is not Hindi: ${JSON.stringify(text)}`);
    }
  }
}
if (notHindi.length)
  failures.push(`every Hindi text written in Hindi:\n  ${notHindi.join('\n  ')}`);
else console.log('lint:i18n: every Hindi text written in Hindi: ok');

if (failures.length) {
  console.error(`\nlint:i18n failed:\n\n${failures.join('\n\n')}`);
  process.exit(1);
}
