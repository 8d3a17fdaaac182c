import { orderErrorCodes } from '../../../contract/p2p-orders';
import { ApiError } from '../../http/api-error';

/** Uploads one side may keep on one order's dispute, attached or not (5 are sent; the rest are retries). */
export const maxDisputeUploadsPerSide = 15;

export const disputeErrors = {
  fileInvalid: () =>
    new ApiError(
      422,
      orderErrorCodes.fileInvalid,
      'A file is not one you uploaded for this dispute, or is already used',
    ),
  uploadLimit: () =>
    new ApiError(429, 'dispute_upload_limit', 'You have uploaded as many files for this dispute as you may', {
      max_files: maxDisputeUploadsPerSide,
    }),
};
