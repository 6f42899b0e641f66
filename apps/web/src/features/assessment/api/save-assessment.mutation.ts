import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  assessmentPath,
  assessmentResponse,
  type Assessment,
  type AssessmentRequest,
} from '@vitalia/api/assessment.contract';
import { apiClient } from '../../../lib/api-client';
import { assessmentQueryKey } from '../../../api/assessment.query';

export async function saveAssessment(answers: AssessmentRequest): Promise<Assessment> {
  const { data } = await apiClient.put(assessmentPath, answers);
  return assessmentResponse.parse(data);
}

/** Saves the answers; afterwards every screen that shows them (the dashboard) reads them afresh. */
export function useSaveAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssessment,
    onSuccess: async (saved) => {
      queryClient.setQueryData(assessmentQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['records'] });
    },
  });
}
