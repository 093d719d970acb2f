import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import {
  amountToWords,
  formatPaise,
  type Paise,
  registrationRequired,
  rentStateName,
  rupeesString,
  showIndiaDate,
  showIndiaDateTime,
} from '@khata/domain';
import type { RentAgreement, RentPartyRow } from './rent-agreement.js';

/**
 * The agreement as a PDF (issue 28), with pdfkit (docs/decisions.md): A4, DejaVu Sans (it has
 * the ₹ sign; shipped under apps/api/assets/fonts with its licence), Indian formats (₹ with
 * lakh grouping, "01 Dec 2026", amounts in words). The clauses are a template filled from the
 * row; a draft says so across every page, a signed one lists each party's e-signature.
 */
const FONTS = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
let regular: Buffer | undefined;
let bold: Buffer | undefined;

function fonts(): { regular: Buffer; bold: Buffer } {
  regular ??= readFileSync(`${FONTS}DejaVuSans.ttf`);
  bold ??= readFileSync(`${FONTS}DejaVuSans-Bold.ttf`);
  return { regular, bold };
}

/** ₹15,000 for whole rupees, ₹15,000.50 otherwise. */
export function inr(paise: Paise): string {
  return formatPaise(paise).replace(/\.00$/, '');
}

/** "Rupees fifteen thousand only". */
export function inWords(paise: Paise): string {
  const words = amountToWords(rupeesString(paise));
  return words.ok ? `Rupees ${words.value} only` : '';
}

/**
 * The last day of a term of `months` from `start` (YYYY-MM-DD): the day before the same date
 * `months` later; when that month has no such date (31 January + 1 month), its last day.
 */
export function termEnd(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  if (d > lastDay) target.setUTCDate(lastDay);
  else target.setUTCDate(d - 1);
  return target.toISOString().slice(0, 10);
}

function partyLine(party: RentPartyRow): string {
  const id = party.idKind === 'pan' ? `PAN ${party.idValue}` : `Aadhaar XXXX XXXX ${party.idValue}`;
  return `${party.name}, child of ${party.parentName}, residing at ${party.address} (mobile XXXXXX${party.mobile.slice(-4)}, ${id})`;
}

export function rentClauses(agreement: RentAgreement): string[] {
  const months = agreement.termMonths;
  const end = termEnd(agreement.startDate, months);
  const clauses = [
    `Term. The licence is for ${months} months, from ${showIndiaDate(agreement.startDate)} to ${showIndiaDate(end)}, both days included.`,
    `Rent. The tenant shall pay a monthly rent of ${inr(agreement.rent)} (${inWords(agreement.rent)}) in advance, on or before the 5th day of each month.`,
    agreement.deposit > 0
      ? `Security deposit. The tenant has paid an interest-free security deposit of ${inr(agreement.deposit)} (${inWords(agreement.deposit)}), to be refunded when the premises are handed back, less any unpaid dues or damage beyond normal wear and tear.`
      : 'Security deposit. No security deposit is paid.',
    agreement.maintenance > 0
      ? `Maintenance. The tenant shall pay maintenance of ${inr(agreement.maintenance)} (${inWords(agreement.maintenance)}) a month, besides the rent.`
      : 'Maintenance. The landlord bears the society’s maintenance charges.',
    agreement.yearlyIncreaseBp === 0
      ? 'Increase. The rent stays the same for the whole term.'
      : months > 12
        ? `Increase. The rent rises by ${(agreement.yearlyIncreaseBp / 100).toFixed(2)}% at the start of every 12 months of the term.`
        : `Increase. If the parties renew this agreement, the rent rises by ${(agreement.yearlyIncreaseBp / 100).toFixed(2)}%.`,
    agreement.lockInMonths > 0
      ? `Lock-in. Neither party may end this agreement during the first ${agreement.lockInMonths} months.`
      : 'Lock-in. There is no lock-in period.',
    `Notice. After any lock-in, either party may end this agreement by giving ${agreement.noticeMonths} month(s)’ written notice.`,
    'Use. The premises shall be used only for ' +
      (agreement.propertyKind === 'residential' ? 'residence' : 'the tenant’s business') +
      '; the tenant shall not sub-let them or make structural changes without the landlord’s written consent.',
    'Utilities. The tenant shall pay electricity, water and gas as metered for the premises during the term.',
    registrationRequired(agreement)
      ? 'Registration. This agreement shall be registered with the Sub-Registrar as the law of the state requires.'
      : 'Registration. This agreement is for less than 12 months and is stamped as the law of the state requires.',
  ];
  return clauses;
}

export interface PdfInput {
  agreement: RentAgreement;
  parties: RentPartyRow[];
  /** Draft (not stamped or not signed) or the signed, final document. */
  final: boolean;
  madeAt: Date;
}

export function rentPdf(input: PdfInput): Promise<Buffer> {
  const { agreement, parties, final } = input;
  const { regular: body, bold: heading } = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: {
      Title: `Rent agreement ${agreement.reference}`,
      Author: 'Khata',
      Subject: `${rentStateName(agreement.state)} rent agreement`,
      // Fixed, so the same agreement makes the same bytes (the signed PDF's hash is kept).
      CreationDate: input.madeAt,
    },
  });
  doc.registerFont('body', body);
  doc.registerFont('heading', heading);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const draftMark = () => {
    if (final) return;
    doc.save();
    doc.font('heading').fontSize(60).fillColor('#d9d9d9').opacity(0.5);
    doc
      .rotate(-35, { origin: [300, 420] })
      .text('DRAFT', 150, 380, { width: 300, align: 'center' });
    doc.restore();
    doc.opacity(1).fillColor('black');
  };
  doc.on('pageAdded', draftMark);
  draftMark();

  const landlords = parties.filter((party) => party.role === 'landlord');
  const tenants = parties.filter((party) => party.role === 'tenant');
  const title = agreement.state === 'MH' ? 'LEAVE AND LICENCE AGREEMENT' : 'RENT AGREEMENT';

  doc.x = 56;
  doc.y = 56;
  doc.font('heading').fontSize(16).fillColor('black').text(title, { align: 'center' });
  doc.moveDown(0.3);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#444')
    .text(
      `Reference ${agreement.reference} · ${agreement.city}, ${rentStateName(agreement.state)}`,
      { align: 'center' },
    );
  doc.moveDown(0.5);
  doc.fillColor('black').fontSize(10);
  if (agreement.estampCertificate) {
    doc.text(
      `E-stamp certificate ${agreement.estampCertificate}, stamp duty ${inr(agreement.stampDuty ?? 0)} (${inWords(agreement.stampDuty ?? 0)}), bought ${showIndiaDateTime(agreement.stampedAt)}.`,
    );
  } else {
    doc.text('Not stamped yet: the e-stamp is bought once the agreement is paid.');
  }
  doc.moveDown(0.8);

  doc.font('heading').fontSize(11).text('Parties');
  doc.font('body').fontSize(10);
  doc.moveDown(0.2);
  for (const [index, party] of landlords.entries()) {
    doc.text(`Landlord ${index + 1}: ${partyLine(party)}.`);
  }
  doc.text('(hereinafter “the Landlord”), and');
  for (const [index, party] of tenants.entries()) {
    doc.text(`Tenant ${index + 1}: ${partyLine(party)}.`);
  }
  doc.text('(hereinafter “the Tenant”).');
  doc.moveDown(0.6);
  doc.font('heading').fontSize(11).text('Premises');
  doc
    .font('body')
    .fontSize(10)
    .text(
      `${agreement.propertyAddress}, ${agreement.city}, ${rentStateName(agreement.state)} (${agreement.propertyKind}).`,
    );
  doc.moveDown(0.6);
  doc.font('heading').fontSize(11).text('Terms');
  doc.font('body').fontSize(10);
  for (const [index, clause] of rentClauses(agreement).entries()) {
    doc.moveDown(0.2).text(`${index + 1}. ${clause}`, { align: 'justify' });
  }
  if (agreement.furnishings.length > 0) {
    doc.moveDown(0.6);
    doc.font('heading').fontSize(11).text('Schedule: furnishings');
    doc
      .font('body')
      .fontSize(10)
      .text(agreement.furnishings.join(', ') + '.');
  }
  doc.moveDown(0.8);
  doc.font('heading').fontSize(11).text('Signatures');
  doc.font('body').fontSize(10);
  for (const party of [...landlords, ...tenants]) {
    const role = party.role === 'landlord' ? 'Landlord' : 'Tenant';
    const line = party.signedAt
      ? `signed by Aadhaar eSign (OTP) on ${showIndiaDateTime(party.signedAt)} IST, ESP reference ${party.esignReference}`
      : 'not signed yet';
    doc.moveDown(0.2).text(`${role}: ${party.name}, ${line}.`);
  }
  if (agreement.witnesses.length > 0) {
    doc.moveDown(0.6);
    doc.font('heading').fontSize(11).text('Witnesses');
    doc.font('body').fontSize(10);
    for (const [index, witness] of agreement.witnesses.entries()) {
      doc.text(`${index + 1}. ${witness.name}, ${witness.address}`);
    }
  }
  doc.moveDown(1);
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(
      final
        ? `Signed electronically; made by Khata on ${showIndiaDateTime(input.madeAt)} IST.`
        : `Draft made by Khata on ${showIndiaDateTime(input.madeAt)} IST. Not valid until stamped and signed by every party.`,
    );
  doc.end();
  return done;
}
