// The home page's first slide, whose picture is the page's largest paint: the server announces it in the HTML.
import { asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { sliders } from './schema';

/** Status of a slide the home page shows (the SPA skips the others). */
const SHOWN = 1;

export async function firstSlidePictures(db: Db): Promise<{ image: string; image2: string | null } | null> {
  const [row] = await db
    .select({ image: sliders.image, image2: sliders.image2 })
    .from(sliders)
    .where(eq(sliders.status, SHOWN))
    .orderBy(asc(sliders.sortOrder), asc(sliders.id))
    .limit(1);
  return row ?? null;
}
