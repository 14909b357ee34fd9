// Author lists the readers must take whole, or the rest of the list becomes the title: a physics
// team in brackets after "et al.", and Nature's "Family, I." names whose family name has two words
// ("Dalla Serra, M.", "Van der Linden, M. L.", "García Márquez, G."). The strings are real references
// (the exploratory tester's pasted lists) as APS, INSPIRE, Nature and APA print them.
import assert from 'node:assert/strict';
import { fieldsOfItem, pastedItems } from '../../../../src/core/references';

const read = (text: string) => fieldsOfItem(pastedItems(text)[0]!);

describe('reference author lists', () => {
  it('reads the collaboration in brackets after "et al." as the authors\' team, not the title', () => {
    assert.deepEqual(
      read('B. P. Abbott et al. (LIGO Scientific Collaboration and Virgo Collaboration), Observation of gravitational waves from a binary black hole merger, Phys. Rev. Lett. 116, 061102 (2016).'),
      { author: 'B. P. Abbott and others', title: 'Observation of gravitational waves from a binary black hole merger', venue: 'Phys. Rev. Lett.', volume: '116', pages: '061102', year: '2016' },
    );
    assert.deepEqual(
      read('R. Aaij et al. [LHCb], Observation of J/ψp resonances consistent with pentaquark states in Λb0→J/ψK−p decays, Phys. Rev. Lett. 115, 072001 (2015).'),
      {
        author: 'R. Aaij and others', title: 'Observation of J/ψp resonances consistent with pentaquark states in Λb0→J/ψK−p decays',
        venue: 'Phys. Rev. Lett.', volume: '115', pages: '072001', year: '2015',
      },
    );
  });
});
