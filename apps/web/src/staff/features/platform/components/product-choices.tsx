import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRODUCT_FLAGS, productLabels, type ProductFlags } from '@school/shared/platform/schools';

/** The products a school is given, as checkboxes of a form holding `products`. */
export function ProductChoices({ register }: { register: (name: `products.${keyof ProductFlags}`) => UseFormRegisterReturn }) {
  return (
    <fieldset className="plain-fieldset">
      <legend>Products</legend>
      {PRODUCT_FLAGS.map((flag) => (
        <label key={flag} className="check-field">
          <input type="checkbox" {...register(`products.${flag}`)} /> {productLabels[flag]}
        </label>
      ))}
    </fieldset>
  );
}
