// focusSoon in a real browser: the element named takes the focus on the next frame, from a
// control the change removed or one still there, but not from a field the person moved
// into before that frame (the studio's "Change" opened a form, focused its first field a
// frame later, and the words typed into another field landed in it).
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import t from 'tap';
import { launchChromium } from '#test-helpers/studio-service';

// The studio's own module, its types stripped as Node strips them, as a script on the page.
const source = stripTypeScriptTypes(await readFile(new URL('../packages/studio/src/focus.ts', import.meta.url), 'utf8')).replace(/^export /m, '');

const browser = await launchChromium();
t.teardown(() => browser.close());
const page = await browser.newPage();
await page.setContent('<button id="change">Change</button><input id="term"><input id="say-as">');
await page.addScriptTag({ content: source });
const focused = () => page.evaluate('document.activeElement?.id ?? ""');
const afterFrames = () => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

void t.test('the element named takes the focus on the next frame', async (t) => {
  await page.evaluate(`document.getElementById('change').focus(); focusSoon('term');`);
  await afterFrames();
  t.equal(await focused(), 'term', 'from the control that asked');
  await page.evaluate(`document.getElementById('change').focus(); focusSoon('term'); document.getElementById('change').remove();`);
  await afterFrames();
  t.equal(await focused(), 'term', 'from a control the change removed');
});

void t.test('a field the person moved into before that frame keeps the focus', async (t) => {
  await page.evaluate(`
    document.body.insertAdjacentHTML('afterbegin', '<button id="again">Change</button>');
    document.getElementById('again').focus();
    focusSoon('term');
    document.getElementById('say-as').focus();
  `);
  await afterFrames();
  t.equal(await focused(), 'say-as');
});
