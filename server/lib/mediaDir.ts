import path from 'node:path';

/** The shop's generated pictures (server/assets): served at /media, written by the seed's media generator. */
export const MEDIA_DIR = path.join(__dirname, '..', 'assets');
