import { CampProgress } from './CampPages.tsx';

export default CampProgress;
