/** Props every form step component receives from the application page. */
import type { Dropdown } from '../../../shared/api/dropdowns-api';
import type { Requirements } from '../api/application-api';
import type { ApplicationRecord } from '../api/application-types';

/** Props of the form steps. */
export interface StepProps {
  record: ApplicationRecord;
  dropdowns: Dropdown[];
  /** What the program asks for (steps and sections). */
  requirements: Requirements;
  /** Go to another step (the step saves first). */
  onNavigate: (step: number) => void;
  /** The next applicable step (`target`, the stepReached to save) and how to go there. */
  onNext: { target: number; go: () => void };
  /** Go to the previous applicable step. */
  onBack: () => void;
}
