import { CampFrame } from './CampPages.tsx';
import { ExamPage } from './ExamPage.tsx';

/** /front/page/writing-camp-answer: the writing-camp exam (trainees only); passing graduates. */
export default function CampAnswerPage() {
  return (
    <CampFrame>
      <ExamPage kind="camp" />
    </CampFrame>
  );
}
