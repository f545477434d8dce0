import './styles/app.css';

import { boot } from './app/boot';

void boot();
