/** An attribute's value in a tag of the built HTML (quoted or, as the minifier leaves it, bare). */
export const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/** A value written into a double-quoted attribute. */
export const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
