import { create } from 'zustand';

/** A page-wide notice that stays until dismissed or the next sign-in (a toast alone can be missed). */
export const useNoticeStore = create<{ message: string | null }>()(() => ({ message: null }));

export const showNotice = (message: string) => useNoticeStore.setState({ message });
export const clearNotice = () => useNoticeStore.setState({ message: null });
