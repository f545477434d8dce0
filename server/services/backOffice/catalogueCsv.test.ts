// Shopify's Body (HTML) read as the shop's plain text (the catalogue import, issue 48).
import vm from 'node:vm';
import { htmlToText, textToHtml } from './catalogueCsv';

describe('a description written in HTML, read as text', () => {
  test('paragraphs, line breaks, lists and entities', () => {
    expect(htmlToText('<p>Cool <b>linen</b> &amp; cotton</p><ul><li>a</li><li>b</li></ul>one<br>two')).toBe(
      'Cool linen & cotton\n• a\n• b\none\ntwo',
    );
  });

  test('scripts and styles go with their content, whatever their case and attributes', () => {
    expect(htmlToText('a<script type="x">var a = "<b>";</script>b<STYLE>p{}</style >c')).toBe('abc');
  });

  test('an opening script tag never closed: the tag goes, the text after it stays', () => {
    expect(htmlToText('a<script>d')).toBe('ad');
    expect(htmlToText(`</script>${'<script>'.repeat(2_000)}kept`)).toBe('kept');
  });

  test('a "<" that opens no tag stays as text', () => {
    expect(htmlToText('a < b and c > d')).toBe('a < b and c > d');
    expect(htmlToText('<a'.repeat(3))).toBe('<a<a<a');
  });

  test("spaces at a line's end go, in one pass over a long run of them (a file must not hold the server)", () => {
    expect(htmlToText('<p>one  \t</p>two \n\n\n\nthree\t ')).toBe('one\ntwo\n\nthree');
    const spaces = ' '.repeat(200_000);
    // Run under a limit that stops it (a context's timeout ends even a regular expression that is running): a pattern
    // tried from each of the 200 000 spaces in turn took 19 s here; one pass takes milliseconds.
    const read = (html: string) =>
      vm.runInNewContext('read(html)', { read: htmlToText, html }, { timeout: 2_000 }) as string;
    expect(read(`<p>x${spaces}y</p>`)).toBe(`x${spaces}y`);
    expect(read(`<p>x${spaces}\ny${spaces}</p>`)).toBe('x\ny');
  });

  test('the shop’s own text written as HTML reads back the same', () => {
    const text = 'Oud & amber <limited>\nSecond line';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});
