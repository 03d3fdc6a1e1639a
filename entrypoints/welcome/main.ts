import { localizeDom, pageLanguage, t } from '../../src/i18n';
import '../../src/ui/base.css';
import '../../src/ui/page.css';
import './style.css';

document.title = t('welcomeTitle');
document.documentElement.lang = pageLanguage();
localizeDom(document);
