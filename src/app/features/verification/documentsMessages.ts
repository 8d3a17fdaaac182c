import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DocumentStatus, DocumentType } from '../../../contract/compliance.ts';

/** What each kind of document is called, in the list and in the type choice. */
export const documentTypeNames: Record<DocumentType, MessageDescriptor> = {
  passport: msg`Passport`,
  id_card: msg`ID card`,
  driving_licence: msg`Driving licence`,
  proof_of_address: msg`Proof of address`,
  selfie: msg`Selfie with your document`,
  source_of_funds: msg`Source of funds`,
  bank_statement: msg`Bank statement`,
  other: msg`Other document`,
};

/** One line under each type in the choice: what to upload. */
export const documentTypeHints: Record<DocumentType, MessageDescriptor> = {
  passport: msg`The page with your photo, all four corners visible`,
  id_card: msg`Both sides, in one PDF or as two uploads`,
  driving_licence: msg`The side with your photo`,
  proof_of_address: msg`A utility bill or bank letter from the last 3 months with your name and address`,
  selfie: msg`Your face and your open document, both clearly visible`,
  source_of_funds: msg`A payslip, a sale contract or a tax return`,
  bank_statement: msg`A statement from the last 3 months`,
  other: msg`Anything compliance asked you for`,
};

/** Spec 000 s.3 "Document status", each shown in its colour (documents.css). */
export const documentStatusNames: Record<DocumentStatus, MessageDescriptor> = {
  approved: msg({ message: 'Approved', context: 'document status' }),
  rejected: msg({ message: 'Rejected', context: 'document status' }),
  on_review: msg({ message: 'On review', context: 'document status' }),
  requested: msg({ message: 'Requested', context: 'document status' }),
};
