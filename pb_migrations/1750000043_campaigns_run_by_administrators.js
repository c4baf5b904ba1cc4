/// <reference path="../pb_data/types.d.ts" />
// Campaigns run by administrators (issue 60, decision 060): a campaign is a draft until a second
// administrator releases it; its texts (landing headline and teaser, terms as Markdown, FAQ,
// parts groups) live on the record with named placeholders for the facts, and every text change
// is kept as a version in campaign_texts. The campaigns collection is read by administrators only;
// the public pages read the campaign in force through GET /api/portal/campaign.
// The 2025 campaign gets the texts the SPA's code carried until now.

const ADMIN = "@request.auth.collectionName = 'administrators'";
const CONTENT_2025 = {
  headline: 'Wir schrauben am Preis!',
  teaser: 'Jetzt 50€ sichern!',
  terms:
    'Diese Aktionsbedingungen sind die Teilnahmeerklärung zur NORA Cashback-Aktion {{jahr}} für freie Kfz-Werkstätten (so heißt der Link im Seitenfuß). Bei der Registrierung stimmen Sie ihnen zu; dort heißen sie kurz „AGBs“.\n\n## 1. Aktion\n\n- Für je {{schwelle}} (netto) Einkaufsvolumen berechtigter Teile erhalten Sie {{cashback}} (netto) Cashback. Das ist ohne Begrenzung wiederholbar.\n- Berechtigt sind Wartungs- und Verschleißteile aus dem Sortiment im Wettbewerbsumfeld (siehe Tabelle der Teilegruppen).\n- Ihre Einkäufe werden automatisch erfasst; der Umsatzstand wird wöchentlich aktualisiert.\n- Sobald Sie {{schwelle}} erreichen, erhalten Sie einen Cashback-Code per E-Mail.\n- Zum Einlösen laden Sie die Rechnung des nächsten Einkaufs nach Erreichen der {{schwelle}} hoch und geben den Code zusammen mit Ihrer Bankverbindung ein. Nach der Prüfung zahlt ein Zahlungsdienstleister die {{cashback}} innerhalb von bis zu 8 Wochen auf das angegebene Konto aus. Auszahlungen erfolgen bis zum Jahresende.\n- Das Rechnungsdatum darf nicht nach dem {{rechnung_bis}} liegen.\n- Der Code ist nicht übertragbar.\n\n## 2. Zeitraum\n\n- Aktionszeitraum: {{start}} bis {{ende}}.\n- Upload und Code-Eingabe im Portal sind ab dem {{einloesen_ab}} möglich. Rechnungen und Codes können bis zum {{einloesen_bis}} hochgeladen bzw. eingelöst werden.\n- Unter allen bis zum {{verlosung_bis}} Registrierten verlosen wir 5 Gewinne. Registrierte haben außerdem die Chance auf einen Grill.\n\n## 3. Teilnahmeberechtigung\n\n- Freie Kfz-Werkstätten mit Sitz und Geschäftsbetrieb in Deutschland (Gewerbeanmeldung oder Eintragung in die Handwerksrolle).\n- Nicht teilnahmeberechtigt sind Unternehmen des Konzerns des Fahrzeugherstellers und Mitarbeitende des Vertriebspartners.\n- Die Teilnahme setzt die Annahme nach den Grundsätzen des Programms voraus.\n- Mindestens {{schwelle}} Einkaufsvolumen.\n\n## 4. NORA Leistungszentren\n\nBei der Registrierung wählen Sie ein angeschlossenes NORA Leistungszentrum, also einen Vertragsbetrieb der Automarken des Konzerns mit besonderem Status. Sie können mehrere Leistungszentren mit jeweils eigener Kundennummer verknüpfen.\n\n## 5. Berechtigte Teilegruppen\n\nDie berechtigten Teilegruppen stehen in der Tabelle unten.\n',
  faq: [
    {
      question: 'Wer kann an der Aktion teilnehmen?',
      answer:
        'Teilnehmen können freie Kfz-Werkstätten mit Sitz und Geschäftsbetrieb in Deutschland (Gewerbeanmeldung oder Eintragung in die Handwerksrolle), die nicht zum Konzern des Fahrzeugherstellers gehören und keine Mitarbeitenden des Vertriebspartners sind. Voraussetzung ist ein Einkaufsvolumen von mindestens {{schwelle}}.',
    },
    {
      question: 'Wie erhalte ich mein Cashback?',
      answer:
        'Registrieren Sie sich und verknüpfen Sie Ihr NORA Leistungszentrum mit Ihrer Kundennummer. Sobald Ihre berechtigten Einkäufe {{schwelle}} (netto) erreichen, erhalten Sie einen Cashback-Code per E-Mail. Diesen lösen Sie im Portal mit der Rechnung Ihres nächsten Einkaufs und Ihrer Bankverbindung ein.',
    },
    {
      question: 'Wie lange dauert es, bis ich mein Cashback erhalte?',
      answer:
        'Nach erfolgreicher Prüfung überweist ein Zahlungsdienstleister die {{cashback}} innerhalb von bis zu 8 Wochen auf das angegebene Konto. Auszahlungen erfolgen bis zum Jahresende.',
    },
    {
      question: 'Welche Unterlagen benötige ich?',
      answer:
        'Ihren Cashback-Code, Ihre Bankverbindung (IBAN und BIC) und die Rechnung des nächsten Einkaufs nach Erreichen der {{schwelle}} als PNG, JPEG oder PDF (höchstens 5 MB). Das Rechnungsdatum darf nicht nach dem {{rechnung_bis}} liegen.',
    },
    {
      question: 'Kann ich mehrfach teilnehmen?',
      answer: 'Ja. Für je {{schwelle}} Einkaufsvolumen erhalten Sie erneut {{cashback}} Cashback – ohne Begrenzung.',
    },
    {
      question: 'Wie lange ist mein Cashback-Code gültig?',
      answer: 'Codes können vom {{einloesen_ab}} bis zum {{einloesen_bis}} eingelöst werden. Der Code ist nicht übertragbar.',
    },
    {
      question: 'Was ist ein NORA Leistungszentrum?',
      answer:
        'Ein NORA Leistungszentrum ist ein Vertragsbetrieb der Automarken des Konzerns mit besonderem Status, bei dem Sie Ihre Original Teile beziehen. Bei der Registrierung wählen Sie ein oder mehrere Leistungszentren aus und geben jeweils Ihre Kundennummer an.',
    },
  ],
  partsGroups: [
    {
      code: 'BR01',
      name: 'Bremsbeläge Vorderachse',
    },
    {
      code: 'BR02',
      name: 'Bremsbeläge Hinterachse',
    },
    {
      code: 'BR03',
      name: 'Bremsscheiben Vorderachse',
    },
    {
      code: 'BR04',
      name: 'Bremsscheiben Hinterachse',
    },
    {
      code: 'BR05',
      name: 'Bremstrommeln',
    },
    {
      code: 'BR06',
      name: 'Bremsbacken',
    },
    {
      code: 'BR07',
      name: 'Bremssättel',
    },
    {
      code: 'BR08',
      name: 'Bremsschläuche',
    },
    {
      code: 'BR09',
      name: 'Verschleißanzeiger',
    },
    {
      code: 'BR10',
      name: 'Bremsflüssigkeit',
    },
    {
      code: 'EL01',
      name: 'Starterbatterien',
    },
    {
      code: 'EL02',
      name: 'AGM-Batterien',
    },
    {
      code: 'EL03',
      name: 'Glühlampen',
    },
    {
      code: 'EL04',
      name: 'Xenon-Brenner',
    },
    {
      code: 'EL05',
      name: 'Sicherungen',
    },
    {
      code: 'EL06',
      name: 'Zündkabel',
    },
    {
      code: 'EL07',
      name: 'Sensoren Motorsteuerung',
    },
    {
      code: 'EL08',
      name: 'Lichtmaschinen (Tausch)',
    },
    {
      code: 'EL09',
      name: 'Anlasser (Tausch)',
    },
    {
      code: 'WI01',
      name: 'Wischerblätter vorn',
    },
    {
      code: 'WI02',
      name: 'Wischerblätter hinten',
    },
    {
      code: 'WI03',
      name: 'Wischerarme',
    },
    {
      code: 'WI04',
      name: 'Scheibenwaschpumpen',
    },
    {
      code: 'WI05',
      name: 'Waschdüsen',
    },
    {
      code: 'AX01',
      name: 'Stoßdämpfer Vorderachse',
    },
    {
      code: 'AX02',
      name: 'Stoßdämpfer Hinterachse',
    },
    {
      code: 'AX03',
      name: 'Federbeinlager',
    },
    {
      code: 'AX04',
      name: 'Schraubenfedern',
    },
    {
      code: 'AX05',
      name: 'Querlenker',
    },
    {
      code: 'AX06',
      name: 'Spurstangenköpfe',
    },
    {
      code: 'AX07',
      name: 'Koppelstangen',
    },
    {
      code: 'AX08',
      name: 'Radlager',
    },
    {
      code: 'AX09',
      name: 'Antriebswellen-Manschetten',
    },
    {
      code: 'AX10',
      name: 'Achsmanschetten',
    },
    {
      code: 'KL01',
      name: 'Klimakompressoren (Tausch)',
    },
    {
      code: 'KL02',
      name: 'Klimakondensatoren',
    },
    {
      code: 'KL03',
      name: 'Trockner Klimaanlage',
    },
    {
      code: 'KL04',
      name: 'Expansionsventile',
    },
    {
      code: 'KL05',
      name: 'Klimaleitungen',
    },
    {
      code: 'KL06',
      name: 'Kältemittel',
    },
    {
      code: 'MO01',
      name: 'Zahnriemensätze',
    },
    {
      code: 'MO02',
      name: 'Zahnriemen mit Wasserpumpe',
    },
    {
      code: 'MO03',
      name: 'Keilrippenriemen',
    },
    {
      code: 'MO04',
      name: 'Riemenspanner',
    },
    {
      code: 'MO05',
      name: 'Umlenkrollen',
    },
    {
      code: 'MO06',
      name: 'Zylinderkopfdichtungen',
    },
    {
      code: 'MO07',
      name: 'Ventildeckeldichtungen',
    },
    {
      code: 'MO08',
      name: 'Wellendichtringe',
    },
    {
      code: 'MO09',
      name: 'Ölwannendichtungen',
    },
    {
      code: 'MO10',
      name: 'Steuerkettensätze',
    },
    {
      code: 'ZK01',
      name: 'Zündkerzen',
    },
    {
      code: 'ZK02',
      name: 'Glühkerzen',
    },
    {
      code: 'ZK03',
      name: 'Zündspulen',
    },
    {
      code: 'KW01',
      name: 'Wasserpumpen',
    },
    {
      code: 'KW02',
      name: 'Thermostate',
    },
    {
      code: 'KW03',
      name: 'Kühler',
    },
    {
      code: 'KW04',
      name: 'Kühlerschläuche',
    },
    {
      code: 'KW05',
      name: 'Ausgleichsbehälter',
    },
    {
      code: 'KW06',
      name: 'Kühlerlüfter',
    },
    {
      code: 'KW07',
      name: 'Kühlmittel',
    },
    {
      code: 'FI01',
      name: 'Ölfilter',
    },
    {
      code: 'FI02',
      name: 'Luftfilter',
    },
    {
      code: 'FI03',
      name: 'Kraftstofffilter',
    },
    {
      code: 'FI04',
      name: 'Innenraumfilter',
    },
    {
      code: 'FI05',
      name: 'Aktivkohle-Innenraumfilter',
    },
    {
      code: 'FI06',
      name: 'Getriebeölfilter',
    },
    {
      code: 'FI07',
      name: 'Partikelfilter',
    },
    {
      code: 'KP01',
      name: 'Kupplungssätze',
    },
    {
      code: 'KP02',
      name: 'Zweimassenschwungräder',
    },
    {
      code: 'KP03',
      name: 'Kupplungsnehmerzylinder',
    },
    {
      code: 'KP04',
      name: 'Kupplungsgeberzylinder',
    },
    {
      code: 'KP05',
      name: 'Ausrücklager',
    },
    {
      code: 'KP06',
      name: 'Kupplungsseile',
    },
    {
      code: 'EC01',
      name: 'Economy Bremsbeläge',
    },
    {
      code: 'EC02',
      name: 'Economy Bremsscheiben',
    },
    {
      code: 'EC03',
      name: 'Economy Ölfilter',
    },
    {
      code: 'EC04',
      name: 'Economy Luftfilter',
    },
    {
      code: 'EC05',
      name: 'Economy Wischerblätter',
    },
    {
      code: 'EC06',
      name: 'Economy Batterien',
    },
    {
      code: 'EC07',
      name: 'Economy Stoßdämpfer',
    },
    {
      code: 'EC08',
      name: 'Economy Kupplungssätze',
    },
    {
      code: 'EC09',
      name: 'Economy Zündkerzen',
    },
    {
      code: 'EC10',
      name: 'Economy Innenraumfilter',
    },
    {
      code: 'EC11',
      name: 'Economy Keilrippenriemen',
    },
    {
      code: 'EC12',
      name: 'Economy Glühlampen',
    },
  ],
};

migrate(
  (app) => {
    const campaigns = app.findCollectionByNameOrId('campaigns');
    campaigns.listRule = ADMIN;
    campaigns.viewRule = ADMIN;
    campaigns.fields.add(new SelectField({ name: 'status', maxSelect: 1, values: ['draft', 'released'] }));
    campaigns.fields.add(new TextField({ name: 'createdBy', max: 15 }));
    campaigns.fields.add(new TextField({ name: 'updatedBy', max: 15 }));
    campaigns.fields.add(new TextField({ name: 'releasedBy', max: 15 }));
    campaigns.fields.add(new DateField({ name: 'releasedAt' }));
    campaigns.fields.add(new TextField({ name: 'headline', max: 80 }));
    campaigns.fields.add(new TextField({ name: 'teaser', max: 300 }));
    campaigns.fields.add(new TextField({ name: 'terms', max: 50000 }));
    campaigns.fields.add(new JSONField({ name: 'faq', maxSize: 200000 }));
    campaigns.fields.add(new JSONField({ name: 'partsGroups', maxSize: 200000 }));
    campaigns.fields.add(new NumberField({ name: 'textVersion', onlyInt: true, min: 0 }));
    app.save(campaigns);

    const texts = new Collection({
      type: 'base',
      name: 'campaign_texts',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1 },
        { name: 'version', type: 'number', required: true, onlyInt: true, min: 1 },
        { name: 'headline', type: 'text', max: 80 },
        { name: 'teaser', type: 'text', max: 300 },
        { name: 'terms', type: 'text', max: 50000 },
        { name: 'faq', type: 'json', maxSize: 200000 },
        { name: 'partsGroups', type: 'json', maxSize: 200000 },
        { name: 'author', type: 'text', max: 15 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_campaign_texts_version` ON `campaign_texts` (`campaign`, `version`)'],
    });
    app.save(texts);

    for (const campaign of app.findAllRecords('campaigns')) {
      campaign.set('status', 'released');
      if (!campaign.getString('terms')) {
        for (const key of Object.keys(CONTENT_2025)) campaign.set(key, CONTENT_2025[key]);
      }
      campaign.set('textVersion', 1);
      app.saveNoValidate(campaign);
      const first = new Record(texts);
      first.set('campaign', campaign.id);
      first.set('version', 1);
      for (const key of Object.keys(CONTENT_2025)) first.set(key, campaign.get(key));
      app.save(first);
    }
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('campaign_texts'));
    const campaigns = app.findCollectionByNameOrId('campaigns');
    campaigns.listRule = '';
    campaigns.viewRule = '';
    for (const name of [
      'status',
      'createdBy',
      'updatedBy',
      'releasedBy',
      'releasedAt',
      'headline',
      'teaser',
      'terms',
      'faq',
      'partsGroups',
      'textVersion',
    ]) {
      campaigns.fields.removeByName(name);
    }
    app.save(campaigns);
  },
);
