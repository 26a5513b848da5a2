import type { Locator } from 'playwright-core';

/**
 * The whole text of a code editor, as a user takes it: select all, copy, read the clipboard. The
 * editor draws only the lines in view, so its text on screen may be a part of it.
 */
export async function editorText(editor: Locator): Promise<string> {
  const page = editor.page();
  // With nothing selected, copy takes the cursor's line: an empty editor is read as it shows.
  if ((await editor.textContent()) === '') return '';
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  // Leave the editor as it was found: a field that formats on leaving must not be left now.
  await page.keyboard.press('ArrowUp');
  return text;
}

/** Replaces a code editor's text as a user would: select all, then type over it. */
export async function replaceEditorText(editor: Locator, text: string): Promise<void> {
  const page = editor.page();
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}
