import { errorBody } from '@cartwheel/shared/contracts/errors';
import { z } from 'zod';

// The path parameters and error answers the back office's product routes share.

export const productParams = z.object({ productId: z.uuid('productId must be a product id') });
export const optionParams = productParams.extend({ optionId: z.uuid('optionId must be an option id') });
export const variantParams = productParams.extend({ variantId: z.uuid('variantId must be a variant id') });
export const imageParams = productParams.extend({ imageId: z.uuid('imageId must be an image id') });
export const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
