import { render } from '@testing-library/react';
import { Figure } from './Figure';

const shown = (text: string) => render(<Figure text={text} />).container;

describe('Figure', () => {
  it('groups thousands and may break only after a comma', () => {
    const cell = shown('20659648.833765');
    expect(cell.textContent).toBe('20,659,648.833765');
    expect(cell.innerHTML).toBe('20,<wbr>659,<wbr>648.833765');
  });

  it('leaves a figure below a thousand, a tiny price and a sign as they are', () => {
    expect(shown('531.471530').innerHTML).toBe('531.471530');
    expect(shown('0.0₁₄1013').innerHTML).toBe('0.0₁₄1013');
    expect(shown('-1234').textContent).toBe('-1,234');
    expect(shown('1234567').textContent).toBe('1,234,567');
  });
});
