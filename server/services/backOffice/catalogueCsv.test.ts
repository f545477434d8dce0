// Shopify's Body (HTML) read as the shop's plain text (the catalogue import, issue 48).
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

  test('the shop’s own text written as HTML reads back the same', () => {
    const text = 'Oud & amber <limited>\nSecond line';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});
