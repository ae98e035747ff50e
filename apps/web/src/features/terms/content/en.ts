import type { TermsContent } from './types';

export const en: TermsContent = {
  lang: 'en',
  title: 'Terms and Conditions for Test Consultations',
  version: 'Version {version}',
  intro:
    'These terms apply when you, or someone on your behalf (a pharmacy, a holiday company, an airline or another partner), book a test consultation with {product}. By ticking the acknowledgement when you book, you accept them for every person in the booking.',
  sections: [
    {
      heading: '1. A screening service, not a diagnosis',
      paragraphs: [
        'A {product} test consultation is a screening service. A practitioner watches you take your sample by video, or checks a sample you send, and records the result of the test. The result shows what the test detected at the time the sample was taken; it is not a medical diagnosis and does not replace advice from your GP or another doctor.',
        'If you have symptoms, feel unwell or are worried about your health, contact your GP or NHS 111. In an emergency call 999.',
      ],
    },
    {
      heading: '2. Your health data and your consent (UK GDPR)',
      paragraphs: [
        'To provide the consultation we process personal data about each person booked, including health data: the test taken, the sample, the result and any vaccination details you give us. Health data is special category data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
        'By accepting these terms you give your explicit consent (UK GDPR Article 9(2)(a)) for us to process that health data to carry out the test, issue its result and certificate, and meet our legal duties. If you book for other people, you confirm that they, or a parent or guardian for a child, have agreed to this.',
        'We keep health records only as long as the law and our clinical obligations require, protect them with access controls and audit every access. You may ask for a copy of your data, its correction or its erasure where the law allows, and you may withdraw your consent at any time for the future by contacting support; a withdrawal does not affect processing already carried out, and a test already taken may still have to be recorded where the law requires it. You may also complain to the Information Commissioner’s Office (ico.org.uk).',
      ],
    },
    {
      heading: '3. Sharing with partners',
      paragraphs: [
        'If you booked through a partner (a pharmacy, holiday company, airline, ticket reseller or other organisation whose page or purchase code you used), we share with that partner what it needs to manage your booking: that the booking was made, its date and whether the test took place. We share your result with a partner only where you asked us to or the law requires it.',
        'We also share data with the laboratories that analyse samples, with the practitioners who run the consultations and, where the law requires it, with public health authorities. We never sell your data.',
      ],
    },
    {
      heading: '4. Results and certificates',
      paragraphs: [
        'Results are sent by e-mail to the address given for each person. Please check the address carefully: we cannot be responsible for a result sent to an address that was entered incorrectly.',
        'Certificates are issued in English. It is your responsibility to check that a certificate meets the entry requirements of your destination and of your carrier before you travel.',
      ],
    },
    {
      heading: '5. Samples that cannot be evaluated',
      paragraphs: [
        'If a sample cannot be evaluated (for example because it was damaged, lost in the post or the test gave no readable result), we will offer you a repeat test free of charge. This is our only obligation when a sample cannot be evaluated.',
      ],
    },
    {
      heading: '6. Our liability',
      paragraphs: [
        'We provide the consultation with reasonable care and skill. No test is 100% accurate, and we are not liable for decisions you, a carrier or an authority make on the basis of a result, for missed or changed travel, refused boarding or entry, or for any indirect or consequential loss.',
        'Our total liability to you for any booking is limited to the price paid for it. Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited or excluded by law, nor does it affect your statutory rights as a consumer.',
      ],
    },
    {
      heading: '7. Support',
      paragraphs: ['Our support team is available from 7 AM to 7 PM UK time, seven days a week. Contact us through the chat on the {product} website or reply to any e-mail we have sent you.'],
    },
    {
      heading: '8. Changes and law',
      paragraphs: [
        'We may update these terms; a booking is governed by the version accepted when it was made. These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction, without affecting any right you have to bring proceedings where you live.',
      ],
    },
  ],
  otherLanguage: { label: 'Deutsche Fassung', lang: 'de' },
};
