/**
 * The words of the BFF's own public pages (the help page behind a counter's QR code, the sign-in refusal
 * pages), in each language Credence speaks. `{name}` is filled in, escaped, by `pageWords`. English is the
 * reference; page-words.test.ts holds every other language to its keys and variables.
 */
const en = {
  'help.title': 'Open this with your wallet app',
  'help.what.credential': 'This is an invitation for a digital wallet app, not a web page: it offers you a credential for your wallet app.',
  'help.what.proof': 'This is an invitation for a digital wallet app, not a web page: it asks your wallet app to show a credential.',
  'help.step.open': 'Open your wallet app on your phone.',
  'help.step.scan': 'Choose <strong>Scan</strong> and point it at the QR code shown at the counter.',
  'help.step.accept': 'Check what is asked in the app, and accept if you agree.',
  'help.onThisDevice': 'If your wallet app is on this device:',
  'help.openButton': 'Open the invitation in my wallet app',
  'help.note': 'Nothing is shared until you accept in your wallet app. This invitation works once, for a few minutes.',
  'notFound.title': 'Invitation not found',
  'notFound.heading': 'This invitation has expired or does not exist',
  askAgain: 'Ask at the counter for a new QR code, and scan it with your wallet app.',
  'used.title': 'QR code used',
  'used.heading': 'This QR code has been used',
  'used.why': 'It no longer holds an invitation: a wallet app took it up, or it expired.',
  'signIn.none': '(none)',
  'signIn.again': 'Sign in with {provider} again',
  'signIn.back': 'Back to sign-in',
  'signIn.otherAccount': 'Use another account',
  'signIn.noOrganisation.title': 'No organisation in Credence for this account',
  'signIn.noOrganisation.line': 'You signed in at {provider} as {person}, but Credence cannot open for you.',
  'signIn.noOrganisation.list': 'For your administrator: Credence reads "{claim}"; this account names',
  'signIn.noRole.title': 'No Credence role for this account',
  'signIn.noRole.line': 'You signed in at {provider} as {person}, but this account has not been given a role in Credence, so the console cannot open.',
  'signIn.noRole.ask': 'Ask your IT administrator to give your account a Credence role at {provider}, then sign in again.',
  'signIn.noRole.list': 'For your administrator: Credence reads "{claim}"; these values give a role',
  'signIn.unreachable.title': '{provider} could not be reached',
  'signIn.failed.title': 'Sign-in did not complete',
  'signIn.failed.again': 'Nothing was changed. Start the sign-in again from the login page.',
} as const;

export type PageWordKey = keyof typeof en;

const frCA: Record<PageWordKey, string> = {
  'help.title': 'Ouvrez ceci avec votre application portefeuille',
  'help.what.credential':
    'Ceci est une invitation pour une application de portefeuille numérique, pas une page Web : elle vous offre une attestation pour votre application portefeuille.',
  'help.what.proof':
    'Ceci est une invitation pour une application de portefeuille numérique, pas une page Web : elle demande à votre application portefeuille de présenter une attestation.',
  'help.step.open': 'Ouvrez votre application portefeuille sur votre téléphone.',
  'help.step.scan': 'Choisissez <strong>Balayer</strong> et pointez-la vers le code QR affiché au comptoir.',
  'help.step.accept': 'Vérifiez ce qui est demandé dans l’application, et acceptez si vous êtes d’accord.',
  'help.onThisDevice': 'Si votre application portefeuille est sur cet appareil :',
  'help.openButton': 'Ouvrir l’invitation dans mon application portefeuille',
  'help.note':
    'Rien n’est communiqué tant que vous n’acceptez pas dans votre application portefeuille. Cette invitation fonctionne une fois, pendant quelques minutes.',
  'notFound.title': 'Invitation introuvable',
  'notFound.heading': 'Cette invitation a expiré ou n’existe pas',
  askAgain: 'Demandez un nouveau code QR au comptoir, et balayez-le avec votre application portefeuille.',
  'used.title': 'Code QR utilisé',
  'used.heading': 'Ce code QR a été utilisé',
  'used.why': 'Il ne contient plus d’invitation : une application portefeuille l’a utilisé, ou il a expiré.',
  'signIn.none': '(aucune)',
  'signIn.again': 'Se connecter de nouveau avec {provider}',
  'signIn.back': 'Retour à la connexion',
  'signIn.otherAccount': 'Utiliser un autre compte',
  'signIn.noOrganisation.title': 'Aucune organisation dans Credence pour ce compte',
  'signIn.noOrganisation.line': 'Vous vous êtes connecté à {provider} en tant que {person}, mais Credence ne peut pas s’ouvrir pour vous.',
  'signIn.noOrganisation.list': 'Pour votre administrateur : Credence lit « {claim} »; ce compte nomme',
  'signIn.noRole.title': 'Aucun rôle Credence pour ce compte',
  'signIn.noRole.line':
    'Vous vous êtes connecté à {provider} en tant que {person}, mais ce compte n’a reçu aucun rôle dans Credence : la console ne peut pas s’ouvrir.',
  'signIn.noRole.ask': 'Demandez à votre administrateur informatique de donner à votre compte un rôle Credence dans {provider}, puis reconnectez-vous.',
  'signIn.noRole.list': 'Pour votre administrateur : Credence lit « {claim} »; ces valeurs donnent un rôle',
  'signIn.unreachable.title': '{provider} est injoignable',
  'signIn.failed.title': 'La connexion n’a pas abouti',
  'signIn.failed.again': 'Rien n’a été modifié. Recommencez la connexion depuis la page de connexion.',
};

export const pageCatalogues = { en, 'fr-CA': frCA } satisfies Record<string, Record<PageWordKey, string>>;
export type PageLanguage = keyof typeof pageCatalogues;

/**
 * The visitor's language from `Accept-Language`: the first (by q) they read that we speak, by language
 * (`fr`, `fr-FR` → `fr-CA`; `en-GB` → `en`); English otherwise.
 */
export function pageLanguageOf(acceptLanguage: string | undefined): PageLanguage {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(
        rest
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-CA';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** A page's text in `lang`, its `{variables}` filled in with `escape` applied to each value. */
export function pageWords(lang: PageLanguage, escape: (text: string) => string = (t) => t) {
  return (key: PageWordKey, values: Record<string, string> = {}): string =>
    pageCatalogues[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? escape(values[name]!) : whole));
}
