import enSecurity from '@karm/domain/i18n/en/security.json' with { type: 'json' };
import nbSecurity from '@karm/domain/i18n/nb/security.json' with { type: 'json' };
import { i18n } from '@/lib/i18n';

/*
 * The two-factor texts in both languages, for the second sign-in step: it comes before the
 * signed-in app loads its texts, and only for the people who need it, so /login does not carry them.
 * Imported for this side effect by the step's (lazily loaded) components.
 */
i18n.addResourceBundle('en', 'security', enSecurity, true, false);
i18n.addResourceBundle('nb', 'security', nbSecurity, true, false);
