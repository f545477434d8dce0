import auth from './auth.json';
import catalog from './catalog.json';
import common from './common.json';
import shell from './shell.json';

// The whole `translation` namespace of one language; keys nest by area (`shell.nav.cart`).
const translation = { common, shell, auth, catalog };

export default translation;
