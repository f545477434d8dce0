import catalog from './catalog.json';
import common from './common.json';
import shell from './shell.json';

// The `translation` namespace of one language; keys nest by area (`shell.nav.cart`). The account area's texts
// (auth.json) are the `auth` namespace, loaded with the auth modal (see i18n.ts).
const translation = { common, shell, catalog };

export default translation;
