// The held-out claims of bench/paragraphs.ts (see paragraphClaims.ts for how they are written).
// Written before the scoring work of issue #20, committed first, measured once at the end.
import { FES, GRAPH, SPECTER, type ParagraphClaim } from './paragraphClaims';

/** Written before the scoring work of issue #20 and measured once, at the end. Never tune on these. */
export const HELD_OUT_CLAIMS: readonly ParagraphClaim[] = [
  {
    paper: SPECTER,
    claim: 'Training SPECTER with only easy, randomly drawn negatives lowers its performance on every task.',
    key: 'using only easy negatives reduces performance on all tasks',
  },
  {
    paper: SPECTER,
    claim: 'The co-view benchmark pairs 1,000 random papers with up to five frequently co-viewed papers and 25 random ones each.',
    key: 'associate with each one up to 5 frequently co-viewed papers',
  },
  {
    paper: SPECTER,
    claim: 'The recommendation data comprise 22 thousand clickthrough events from a public scholarly search engine, split by time into training, validation and test sets.',
    key: 'consists of 22K clickthrough events',
  },
  {
    paper: SPECTER,
    claim: 'SPECTER represents a paper by the final [CLS] vector of a Transformer run over its concatenated title and abstract.',
    key: 'we encode the concatenated title and abstract using a Transformer LM',
  },
  {
    paper: SPECTER,
    claim: 'Language models such as BERT are trained with masked language modeling on context within a document, ignoring relations between documents.',
    key: 'only considering intra-document context',
  },
  {
    paper: SPECTER,
    claim: 'Earlier evaluations of scientific document embeddings used small datasets and few tasks, on which AUC above 99% is already reached.',
    key: 'extremely high (99%+) AUC scores',
  },
  {
    paper: SPECTER,
    claim: 'Averaged over all metrics and tasks, SPECTER scores 80.0, 3.1 points above the next-best baseline.',
    key: 'average performance of 80.0 across all metrics',
  },
  {
    paper: SPECTER,
    claim: 'Embedding the full text rather than only the title and abstract might improve accuracy, but the full text of many papers is not freely available.',
    key: 'Adding the full text of the paper would provide a more complete picture',
  },
  {
    paper: FES,
    claim: 'An M-wave can be recorded even for sub-threshold stimulation pulses that produce no movement.',
    key: 'This electrophysiological response is detectable even when',
  },
  {
    paper: FES,
    claim: 'EMG from the extensor digitorum communis, extensor carpi radialis and extensor carpi ulnaris was sampled at 5 kHz.',
    key: 'EMG signals were sampled at 5000 Hz',
  },
  {
    paper: FES,
    claim: 'Of the 1440 stimulation patterns explored across subjects, about 3% were dropped because they caused discomfort.',
    key: 'were excluded from further evaluation due to discomfort',
  },
  {
    paper: FES,
    claim: 'How many stimulation patterns gave functionally relevant finger extension varied widely between subjects, from 2 to 21.',
    key: 'ranging from a minimum of 2 to a maximum of 21 across subjects',
  },
  {
    paper: FES,
    claim: 'Ulnar deviation needed lower currents than the other movements because, in the reference posture, it did not work against gravity.',
    key: 'ulnar deviation was the only degree of freedom that had not to overcome gravity',
  },
  {
    paper: FES,
    claim: 'The peak-to-peak amplitude of the M-wave did not correlate significantly with the functional quality of the evoked finger extension.',
    key: 'There was also no significant correlation between the M-wave',
  },
  {
    paper: FES,
    claim: 'The electrode array, with a proximal and a distal block of fixed contacts, allowed 180 different stimulation patterns.',
    key: '180 different FES stimulation patterns could be studied',
  },
  {
    paper: FES,
    claim: 'Movements evoked by the optimal patterns were highly selective, with selectivity above 0.6 meaning that non-targeted movements contributed negligibly.',
    key: 'When the parameter S was higher than 0.6',
  },
  {
    paper: GRAPH,
    claim: 'The literature graph contains about 237 million entity mentions.',
    key: 'we populate the 237M mentions',
  },
  {
    paper: GRAPH,
    claim: 'To focus on the most salient entities of a paper, entity extraction and linking read only its title and abstract.',
    key: 'we only use the title and abstract',
  },
  {
    paper: GRAPH,
    claim: 'Each PDF page is turned into a token sequence with Apache PDFBox, every token carrying features such as font size and position on the page.',
    key: 'feed each page to Apache',
  },
  {
    paper: GRAPH,
    claim: 'Candidate entities for a mention are looked up in an index mapping the tokens of labeled mentions and entity names to entity IDs with their frequencies.',
    key: 'we build an index which maps any token used in a labeled mention',
  },
  {
    paper: GRAPH,
    claim: 'Two deployed entity extraction models are trained on the biomedical BC5CDR and CHEMDNER datasets, and a third on computer science labels induced from Wikipedia.',
    key: 'Two instances are trained on the BC5CDR and the CHEMDNER datasets',
  },
  {
    paper: GRAPH,
    claim: 'Entities are grounded in UMLS for biomedicine and in DBpedia limited to computer science categories of Wikipedia.',
    key: 'we used a short list of Wikipedia categories about CS',
  },
  {
    paper: GRAPH,
    claim: 'The literature graph still lacks coverage of entity types such as affiliations and of domains such as physics.',
    key: 'lacks coverage for important entity types',
  },
  {
    paper: GRAPH,
    claim: 'Training labels for figure extraction were induced from arXiv and PubMed without any human annotation.',
    key: 'we induced high-quality training labels for the task of figure extraction',
  },
];
