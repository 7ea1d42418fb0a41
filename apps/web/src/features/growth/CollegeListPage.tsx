import { CollegeListPage } from './CollegePages.tsx';

export default CollegeListPage;
