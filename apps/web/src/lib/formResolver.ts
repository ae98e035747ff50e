// Field errors in plain words (contracts' zod configuration) wherever a form checks its fields; a page without a form loads neither.
import '@vireo/contracts/zod-messages';

export { zodResolver } from '@hookform/resolvers/zod';
