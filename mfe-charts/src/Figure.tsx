import { Fragment } from 'react';
import { groupThousands } from './format';

/**
 * A decimal figure with commas between thousands. A column too narrow for it breaks it after a
 * comma ("20,659," over "648.833765"), never inside a run of digits, where a reader would take
 * the two lines for two numbers.
 */
export function Figure({ text }: { text: string }) {
  const [whole = '', fraction] = text.split('.');
  const groups = groupThousands(whole).split(',');
  return (
    <>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {group}
          {i < groups.length - 1 && (
            <>
              ,<wbr />
            </>
          )}
        </Fragment>
      ))}
      {fraction !== undefined && `.${fraction}`}
    </>
  );
}
